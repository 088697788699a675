import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  paramText,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import {
  DEPART_COLUMNS,
  HAS_CHILD,
  LIVE,
  SIBLING_ORDER,
  toRecord,
  type DepartRecord,
  type RawDepart,
} from './records';
import { dictFields } from '../dict/dict-text';
import type { RowScope, ScopedEntity } from '../../http/row-scope';

/**
 * The department list of the tree-list screen (docs/system-api.md, "Tree lists"): `pid=0` the
 * top level, `pid=x` the children of x, filters without `pid` every level (flat); each row
 * carries `hasChild`.
 */

export const DEPART_ENTITY = defineListEntity({
  fields: {
    id: { column: 'd.id', type: 'string' },
    departName: { column: 'd.depart_name', type: 'string' },
    orgCode: { column: 'd.org_code', type: 'string' },
    orgCategory: { column: 'd.org_category', type: 'string' },
    status: { column: 'd.status', type: 'string' },
    mobile: { column: 'd.mobile', type: 'string' },
    departOrder: { column: 'd.depart_order', type: 'integer' },
    createTime: { column: 'd.create_time', type: 'datetime' },
    updateTime: { column: 'd.update_time', type: 'datetime' },
  },
  defaultSort: [
    { field: 'departOrder', order: 'asc' },
    { field: 'orgCode', order: 'asc' },
  ],
  extraParams: ['pid'],
});

/** The list's dictionary-bound fields (`orgCategory_dictText`, `status_dictText`). */
export const DEPART_DICT_FIELDS = dictFields({
  orgCategory: 'org_category',
  status: 'depart_status',
});
/** Departments as data rules see them: the rules of 部门管理 on the list's fields. */
export const DEPART_SCOPE: ScopedEntity = {
  table: 'sys_depart',
  menuCode: 'depart:list',
  fields: DEPART_ENTITY,
  from: sql`sys_depart d`,
  key: sql.ref('d.id'),
};

/**
 * Department roles as data rules see them: through their department (a role of a department
 * the caller's rules hide is hidden too).
 */
export const DEPART_ROLE_SCOPE: ScopedEntity = {
  table: 'sys_depart_role',
  menuCode: 'depart:list',
  fields: DEPART_ENTITY,
  from: sql`sys_depart_role r join sys_depart d on d.id = r.depart_id`,
  key: sql.ref('r.id'),
};

export interface DepartListOptions extends ListQueryOptions {
  /** Without `pid` and filters: every level (exports) instead of the top level (the screen). */
  readonly everyLevel?: boolean;
}

/** The level `pid` names: `0` (or absent) the top, anything else that department's children. */
function levelCondition(pid: string): RawBuilder<SqlBool> {
  return pid === '0' ? sql<SqlBool>`d.parent_id is null` : sql<SqlBool>`d.parent_id = ${pid}`;
}

export async function listDeparts(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: DepartListOptions,
): Promise<Page<DepartRecord>> {
  const query = translateListQuery(params, DEPART_ENTITY, options);
  const pid = (paramText(params, 'pid') ?? '').trim();
  let where: RawBuilder<SqlBool> = sql<SqlBool>`${LIVE}`;
  if (pid) where = sql<SqlBool>`${LIVE} and ${levelCondition(pid)}`;
  else if (!query.filtered && !options.everyLevel) {
    where = sql<SqlBool>`${LIVE} and ${levelCondition('0')}`;
  }
  const page = await runListQuery<RawDepart>(
    db.withoutPlugins(),
    {
      select: sql`${DEPART_COLUMNS}, ${HAS_CHILD}`,
      from: DEPART_SCOPE.from,
      where: scope.and(where),
    },
    query,
  );
  return { ...page, records: page.records.map((r) => toRecord(r, options.timeZone)) };
}

/** The children of `pid` (the top level when null) in the scope, in tree order. */
export async function departChildren(
  db: Db,
  pid: string | null,
  scope: RowScope,
  timeZone: string,
): Promise<DepartRecord[]> {
  const { rows } = await sql<RawDepart>`
    select ${DEPART_COLUMNS}, ${HAS_CHILD} from sys_depart d
    where ${LIVE} and ${levelCondition(pid ?? '0')} and ${scope.where}
    order by ${SIBLING_ORDER}`.execute(db.withoutPlugins());
  return rows.map((r) => toRecord(r, timeZone));
}

/**
 * Departments whose name contains `keyWord` (any case; every department when blank), in
 * tree order. `within` limits the answer to these ids (a supervisor's departments).
 */
export async function searchDeparts(
  db: Db,
  keyWord: string,
  within: ReadonlySet<string> | null,
  scope: RowScope,
  timeZone: string,
): Promise<DepartRecord[]> {
  if (within && within.size === 0) return [];
  const word = keyWord.trim().toLowerCase();
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`${LIVE}`, scope.where];
  // strpos, not like: the keyword is plain text, its % and _ are not wildcards.
  if (word) conditions.push(sql<SqlBool>`strpos(lower(d.depart_name), ${word}) > 0`);
  if (within) conditions.push(sql<SqlBool>`d.id in (${sql.join([...within])})`);
  const { rows } = await sql<RawDepart>`
    select ${DEPART_COLUMNS}, ${HAS_CHILD} from sys_depart d
    where ${sql.join(conditions, sql` and `)}
    order by ${SIBLING_ORDER}`.execute(db.withoutPlugins());
  return rows.map((r) => toRecord(r, timeZone));
}

/**
 * Ids of the departments the user supervises (`depart_ids` when `user_identity` is 2), or
 * an empty list for anyone else.
 */
export async function supervisedDepartIds(db: Db, userId: string): Promise<Set<string>> {
  const user = await db
    .selectFrom('sys_user')
    .select(['userIdentity', 'departIds'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.userIdentity !== 2 || !user.departIds) return new Set();
  return new Set(
    user.departIds
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
}
