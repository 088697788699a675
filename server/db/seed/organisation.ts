/** The demo organisation: a department tree three levels deep and realistic staff. */

export interface SeedDepart {
  readonly orgCode: string;
  readonly name: string;
  /** 1 company, 2 department. */
  readonly category: '1' | '2';
  readonly children?: readonly SeedDepart[];
}

export const DEMO_DEPARTS: readonly SeedDepart[] = [
  {
    orgCode: 'A01',
    name: '星河科技集团',
    category: '1',
    children: [
      { orgCode: 'A01A01', name: '总裁办', category: '2' },
      {
        orgCode: 'A01A02',
        name: '研发中心',
        category: '2',
        children: [
          { orgCode: 'A01A02A01', name: '后端开发部', category: '2' },
          { orgCode: 'A01A02A02', name: '前端开发部', category: '2' },
          { orgCode: 'A01A02A03', name: '测试部', category: '2' },
        ],
      },
      {
        orgCode: 'A01A03',
        name: '市场营销中心',
        category: '2',
        children: [
          { orgCode: 'A01A03A01', name: '品牌推广部', category: '2' },
          { orgCode: 'A01A03A02', name: '渠道销售部', category: '2' },
        ],
      },
      { orgCode: 'A01A04', name: '财务部', category: '2' },
      { orgCode: 'A01A05', name: '人力资源部', category: '2' },
    ],
  },
  {
    orgCode: 'A02',
    name: '星河科技（上海）分公司',
    category: '1',
    children: [
      { orgCode: 'A02A01', name: '销售部', category: '2' },
      {
        orgCode: 'A02A02',
        name: '客户服务部',
        category: '2',
        children: [
          { orgCode: 'A02A02A01', name: '客服一组', category: '2' },
          { orgCode: 'A02A02A02', name: '客服二组', category: '2' },
        ],
      },
    ],
  },
];

/** The root a production install starts with. */
export const PRODUCTION_DEPARTS: readonly SeedDepart[] = [
  { orgCode: 'A01', name: '总部', category: '1' },
];

const SURNAMES: readonly (readonly [string, string])[] = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['赵', 'zhao'],
  ['黄', 'huang'],
  ['周', 'zhou'],
  ['吴', 'wu'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['胡', 'hu'],
  ['朱', 'zhu'],
  ['高', 'gao'],
  ['林', 'lin'],
  ['何', 'he'],
  ['郭', 'guo'],
  ['马', 'ma'],
  ['罗', 'luo'],
];

const GIVEN: readonly (readonly [string, string, 1 | 2])[] = [
  ['伟', 'wei', 1],
  ['芳', 'fang', 2],
  ['娜', 'na', 2],
  ['秀英', 'xiuying', 2],
  ['敏', 'min', 2],
  ['静', 'jing', 2],
  ['丽', 'li', 2],
  ['强', 'qiang', 1],
  ['磊', 'lei', 1],
  ['军', 'jun', 1],
  ['洋', 'yang', 1],
  ['勇', 'yong', 1],
  ['艳', 'yan', 2],
  ['杰', 'jie', 1],
  ['娟', 'juan', 2],
  ['涛', 'tao', 1],
  ['明', 'ming', 1],
  ['超', 'chao', 1],
  ['秀兰', 'xiulan', 2],
  ['霞', 'xia', 2],
  ['平', 'ping', 1],
  ['刚', 'gang', 1],
  ['桂英', 'guiying', 2],
  ['建华', 'jianhua', 1],
  ['晓东', 'xiaodong', 1],
  ['雪梅', 'xuemei', 2],
  ['志强', 'zhiqiang', 1],
  ['海燕', 'haiyan', 2],
  ['文博', 'wenbo', 1],
  ['思远', 'siyuan', 1],
  ['雨欣', 'yuxin', 2],
  ['子涵', 'zihan', 2],
];

/** Positions (职务): code, name, rank (position_rank dictionary). */
export const DEMO_POSITIONS: readonly (readonly [code: string, name: string, rank: string])[] = [
  ['yuangong', '员工', '1'],
  ['gaojigongchengshi', '高级工程师', '3'],
  ['zhuguan', '主管', '3'],
  ['zhuanyuan', '专员', '2'],
  ['jingli', '经理', '4'],
  ['zhuli', '助理', '1'],
  ['zongjian', '总监', '5'],
];

/** A user's `post` holds position codes. */
const POSTS = DEMO_POSITIONS.slice(0, 6).map(([code]) => code);

export interface DemoUser {
  readonly username: string;
  readonly realname: string;
  readonly sex: 1 | 2;
  readonly orgCode: string;
  readonly workNo: string;
  readonly phone: string;
  readonly email: string;
  readonly birthday: string;
  /** Position code (DEMO_POSITIONS). */
  readonly post: string;
  /** 1 normal, 2 frozen. */
  readonly status: 1 | 2;
}

/** Deterministic pseudo-random numbers, so every fresh database holds the same people. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function leafCodes(departs: readonly SeedDepart[]): string[] {
  return departs.flatMap((d) => (d.children ? leafCodes(d.children) : [d.orgCode]));
}

/** `count` realistic people spread over the leaf departments of the demo tree. */
export function demoUsers(count: number): DemoUser[] {
  const random = mulberry32(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const leaves = leafCodes(DEMO_DEPARTS);
  const taken = new Set(['admin', 'staff']);
  const users: DemoUser[] = [];
  for (let i = 0; i < count; i++) {
    const [surname, surnamePinyin] = pick(SURNAMES);
    const [given, givenPinyin, sex] = pick(GIVEN);
    let username = `${surnamePinyin}${givenPinyin}`;
    for (let n = 2; taken.has(username); n++) username = `${surnamePinyin}${givenPinyin}${n}`;
    taken.add(username);
    const year = 1975 + Math.floor(random() * 26);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    users.push({
      username,
      realname: `${surname}${given}`,
      sex,
      orgCode: leaves[i % leaves.length]!,
      workNo: `XH${String(i + 3).padStart(4, '0')}`,
      phone: `13${Math.floor(random() * 10)}${String(10000000 + i * 7919).slice(-8)}`,
      email: `${username}@xinghe.example.com`,
      birthday: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      post: pick(POSTS),
      // Every tenth person is frozen, so the demo shows both states.
      status: i % 10 === 9 ? 2 : 1,
    });
  }
  return users;
}
