/** System dictionaries the shipped screens use: code, name and [value, text] items in order. */
export interface SeedDict {
  readonly code: string;
  readonly name: string;
  /** 0 string values, 1 numeric values. */
  readonly type?: 0 | 1;
  readonly items: readonly (readonly [value: string, text: string])[];
}

export const SEED_DICTS: readonly SeedDict[] = [
  {
    code: 'sex',
    name: '性别',
    type: 1,
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    type: 1,
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    type: 1,
    items: [
      ['0', '正常'],
      ['1', '已删除'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['H', '高'],
      ['M', '中'],
      ['L', '低'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'open_type',
    name: '打开方式',
    items: [
      ['component', '组件'],
      ['url', '链接'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    items: [
      ['0', '无效'],
      ['1', '有效'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    type: 1,
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    type: 1,
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'global_perms_type',
    name: '全局权限策略',
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [
      ['>', '大于'],
      ['<', '小于'],
      ['!=', '不等于'],
      ['=', '等于'],
      ['>=', '大于等于'],
      ['<=', '小于等于'],
      ['LEFT_LIKE', '左模糊'],
      ['RIGHT_LIKE', '右模糊'],
      ['LIKE', '模糊'],
      ['IN', '包含'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典项状态',
    type: 1,
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    type: 1,
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    type: 1,
    items: [
      ['1', '查询'],
      ['2', '新增'],
      ['3', '修改'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'position_rank',
    name: '职级',
    items: [
      ['1', '员级'],
      ['2', '助级'],
      ['3', '中级'],
      ['4', '副高级'],
      ['5', '正高级'],
    ],
  },
  {
    code: 'urgent_level',
    name: '紧急程度',
    type: 1,
    items: [
      ['1', '一般'],
      ['2', '重要'],
      ['3', '紧急'],
    ],
  },
  {
    code: 'status',
    name: '状态',
    items: [
      ['1', '启用'],
      ['0', '禁用'],
    ],
  },
  {
    code: 'user_identity',
    name: '用户身份',
    type: 1,
    items: [
      ['1', '普通用户'],
      ['2', '上级'],
    ],
  },
  {
    code: 'msgType',
    name: '消息格式',
    items: [
      ['1', '文本'],
      ['2', '富文本'],
    ],
  },
];
