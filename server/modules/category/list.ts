import { sql, type SqlBool } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  MAX_PAGE_SIZE,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';

/**
 * 分类字典 reads as records: the tree list (`rootList`, through the translator), the children
 * of nodes, one node by id. Rows sort by code, so parents come before their children. The
 * screen's reads stay within the caller's row scope; the pickers' lookups (`categoriesWhere`,
 * tree.ts) read the whole dictionary.
 */

export const ROOT_PID = '0';

export const CATEGORY_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    pid: { column: 'pid', type: 'string' },
    name: { column: 'name', type: 'string' },
    code: { column: 'code', type: 'string' },
    sysOrgCode: { column: 'sys_org_code', type: 'string' },
    hasChild: { column: 'has_child', type: 'string' },
    createBy: { column: 'create_by', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
  defaultSort: [{ field: 'code', order: 'asc' }],
});

export const CATEGORY_SCOPE: ScopedEntity = {
  table: 'sys_category',
  menuCode: 'category:list',
  fields: CATEGORY_ENTITY,
  from: sql.table('sys_category'),
  key: sql.ref('id'),
};

export interface CategoryRow {
  readonly id: string;
  readonly pid: string;
  readonly name: string;
  readonly code: string;
  readonly sysOrgCode: string | null;
  /** '1' has children, '0' leaf. */
  readonly hasChild: string;
  readonly createBy: string | null;
  readonly createTime: string | null;
}

type RawRow = Omit<CategoryRow, 'createTime'> & { createTime: Date | null };

export const CATEGORY_SELECT = sql`id, pid, name, code, sys_org_code as "sysOrgCode",
  has_child as "hasChild", create_by as "createBy", create_time as "createTime"`;

const present = (row: RawRow, timeZone: string): CategoryRow => ({
  ...row,
  createTime: formatDateTime(row.createTime, timeZone),
});

/**
 * The tree list: `pid=x` lists one level; without `pid`, filters search every level and no
 * filter at all lists the top level. `everyLevel` (exports) drops the top-level default.
 */
export async function listCategories(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions & { readonly everyLevel?: boolean },
): Promise<Page<CategoryRow>> {
  const query = translateListQuery(params, CATEGORY_ENTITY, options);
  const topLevel = !query.filtered && !options.everyLevel;
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    {
      select: CATEGORY_SELECT,
      from: CATEGORY_SCOPE.from,
      where: scope.and(topLevel ? sql<SqlBool>`pid = ${ROOT_PID}` : null),
    },
    query,
  );
  return { ...page, records: page.records.map((r) => present(r, options.timeZone)) };
}

/** The children of the nodes in the scope, in code order (at most one list page's worth). */
export async function childrenOf(
  db: Db,
  pids: readonly string[],
  scope: RowScope,
  timeZone: string,
): Promise<CategoryRow[]> {
  if (pids.length === 0) return [];
  const { rows } = await sql<RawRow>`select ${CATEGORY_SELECT} from sys_category
    where pid in (${sql.join(pids)}) and ${scope.where} order by code asc, id asc
    limit ${MAX_PAGE_SIZE}`.execute(db.withoutPlugins());
  return rows.map((r) => present(r, timeZone));
}

/** Nodes whose `field` equals the value (at most two: enough to tell "not unique"). */
export async function categoriesWhere(
  db: Db,
  field: 'id' | 'code' | 'name',
  value: string,
  timeZone: string,
): Promise<CategoryRow[]> {
  const { rows } = await sql<RawRow>`select ${CATEGORY_SELECT} from sys_category
    where ${sql.ref(field)} = ${value} order by code asc limit 2`.execute(db.withoutPlugins());
  return rows.map((r) => present(r, timeZone));
}
