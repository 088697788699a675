import type { DictSources, DictSourceTable } from '../../../src/contracts/page-api';
import type { Db } from '../../db/index';
import type { Principal } from '../../http/access';
import { SYSTEM_DICT_TABLES } from '../dict/table-allow';
import type { PageCache } from './store';

/** The Chinese names of the system tables a table dictionary may read. */
const SYSTEM_TABLE_TITLES: Readonly<Record<keyof typeof SYSTEM_DICT_TABLES, string>> = {
  sys_user: '用户',
  sys_depart: '部门',
  sys_role: '角色',
  sys_position: '职务',
  sys_category: '分类字典',
  sys_dict: '数据字典',
  sys_permission: '菜单',
};

/**
 * What the designer's 字典 picker offers: every system dictionary, the system tables of the
 * table-dictionary allow-list (their allowed columns), and the tables of the pages the caller
 * may list — what its lookups would let a page's users read (dict/table-access.ts).
 */
export async function dictSources(
  db: Db,
  pages: PageCache,
  principal: Principal,
): Promise<DictSources> {
  const dicts = await db
    .selectFrom('sys_dict')
    .select(['dictCode as code', 'dictName as name'])
    .where('delFlag', '=', 0)
    .orderBy('dictCode')
    .execute();
  const system: DictSourceTable[] = Object.entries(SYSTEM_DICT_TABLES).map(([table, rule]) => ({
    table,
    title: SYSTEM_TABLE_TITLES[table as keyof typeof SYSTEM_DICT_TABLES] ?? table,
    columns: rule.columns,
  }));
  const owned: DictSourceTable[] = [];
  for (const summary of await pages.tables()) {
    if (!summary.table || !principal.codes.has(`online:${summary.code}:list`)) continue;
    const page = await pages.get(summary.code);
    owned.push({
      table: summary.table.name,
      title: page?.title ?? summary.code,
      columns: summary.table.columns,
    });
  }
  owned.sort((a, b) => a.table.localeCompare(b.table));
  return { dicts, tables: [...system, ...owned] };
}
