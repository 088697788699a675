import type { Transaction } from 'kysely';
import { newId } from '../../ids';
import type { Database } from '../schema';
import { DEMO_POSITIONS } from './organisation';

/**
 * Demo rows of the system screens that have no other source: positions, a category tree, a
 * department role, a stopped 定时任务 (清理过期数据), and two data rules on 用户管理 that no role has chosen yet (an administrator
 * picks them in 角色管理 → 授权 to see them filter the list).
 */

type Tx = Transaction<Database>;

interface SeedCategory {
  readonly name: string;
  readonly children?: readonly SeedCategory[];
}

const DEMO_CATEGORIES: readonly SeedCategory[] = [
  {
    name: '商品分类',
    children: [
      { name: '电子产品', children: [{ name: '手机' }, { name: '电脑' }, { name: '配件' }] },
      { name: '办公用品', children: [{ name: '纸张' }, { name: '文具' }] },
    ],
  },
  {
    name: '客户行业',
    children: [{ name: '制造业' }, { name: '互联网' }, { name: '金融' }, { name: '教育' }],
  },
];

/** The n-th (0-based) code below a parent code: A01, A02, … then A01A01, … */
export function childCode(parentCode: string, index: number): string {
  return `${parentCode}A${String(index + 1).padStart(2, '0')}`;
}

async function insertCategories(tx: Tx): Promise<void> {
  const rows: {
    id: string;
    pid: string;
    name: string;
    code: string;
    hasChild: string;
    createBy: string;
  }[] = [];
  const walk = (list: readonly SeedCategory[], pid: string, parentCode: string) => {
    list.forEach((category, index) => {
      const id = newId();
      const code = childCode(parentCode, index);
      rows.push({
        id,
        pid,
        name: category.name,
        code,
        hasChild: category.children?.length ? '1' : '0',
        createBy: 'system',
      });
      if (category.children) walk(category.children, id, code);
    });
  };
  walk(DEMO_CATEGORIES, '0', '');
  await tx.insertInto('sys_category').values(rows).execute();
}

export async function insertSystemDemo(
  tx: Tx,
  refs: {
    /** Id of the 用户管理 menu row. */
    readonly userMenuId: string;
    /** Department ids by org code. */
    readonly departIds: ReadonlyMap<string, string>;
  },
): Promise<void> {
  await tx
    .insertInto('sys_position')
    .values(
      DEMO_POSITIONS.map(([code, name, rank]) => ({
        id: newId(),
        code,
        name,
        postRank: rank,
        companyId: null,
        sysOrgCode: 'A01',
        createBy: 'system',
      })),
    )
    .execute();
  await insertCategories(tx);
  // Stopped: an administrator starts it (a running demo job would fire in every demo install).
  await tx
    .insertInto('sys_quartz_job')
    .values({
      id: newId(),
      jobName: '清理过期数据',
      jobClassName: 'cleanExpired',
      cronExpression: '0 0 3 * * ?',
      parameter: '{"errorFileHours":24}',
      description: '每天 03:00 清理过期会话和超过 24 小时的导入错误文件',
      status: -1,
      createBy: 'system',
    })
    .execute();
  await tx
    .insertInto('sys_quartz_job')
    .values({
      id: newId(),
      jobName: '清理过期日志',
      jobClassName: 'purgeLogs',
      cronExpression: '0 30 3 * * ?',
      parameter: '{"days":180}',
      description: '每天 03:30 删除 180 天前的登录日志和操作日志',
      status: -1,
      createBy: 'system',
    })
    .execute();
  await tx
    .insertInto('sys_permission_data_rule')
    .values([
      {
        id: newId(),
        permissionId: refs.userMenuId,
        ruleName: '本部门用户',
        ruleColumn: 'orgCode',
        ruleConditions: 'RIGHT_LIKE',
        ruleValue: '#{sys_org_code}',
        createBy: 'system',
      },
      {
        id: newId(),
        permissionId: refs.userMenuId,
        ruleName: '仅本人',
        ruleColumn: 'username',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
        createBy: 'system',
      },
    ])
    .execute();
  await tx
    .updateTable('sys_permission')
    .set({ ruleFlag: 1 })
    .where('id', '=', refs.userMenuId)
    .execute();
  const devCentre = refs.departIds.get('A01A02');
  if (devCentre) {
    await tx
      .insertInto('sys_depart_role')
      .values({
        id: newId(),
        departId: devCentre,
        roleName: '研发主管',
        roleCode: 'dev_manager',
        description: '研发中心的部门角色',
        createBy: 'system',
      })
      .execute();
  }
}
