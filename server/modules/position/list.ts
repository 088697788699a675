import { sql } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { dictFields } from '../dict/dict-text';

/**
 * 职务管理 reads: the list (through the translator), one position by id or by code, each
 * within the caller's row scope (the data rules of 职务管理 on `POSITION_ENTITY`'s fields).
 */

export const POSITION_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    code: { column: 'code', type: 'string' },
    name: { column: 'name', type: 'string' },
    postRank: { column: 'post_rank', type: 'string' },
    companyId: { column: 'company_id', type: 'string' },
    sysOrgCode: { column: 'sys_org_code', type: 'string' },
    createBy: { column: 'create_by', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
});

/**
 * `postRank_dictText` by the general rule, and `rank_dictText`, the name widgets.md §3 (the
 * position picker) reads.
 */
export const POSITION_DICT_FIELDS = dictFields(
  { postRank: 'position_rank' },
  { rank_dictText: 'postRank' },
);
export const POSITION_SCOPE: ScopedEntity = {
  table: 'sys_position',
  menuCode: 'position:list',
  fields: POSITION_ENTITY,
  from: sql.table('sys_position'),
  key: sql.ref('id'),
};

/** A record as the list answers it (a type, so the export takes it as a plain row). */
export type PositionRow = {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly postRank: string | null;
  readonly companyId: string | null;
  readonly sysOrgCode: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
};

type RawRow = Omit<PositionRow, 'createTime'> & { createTime: Date | null };

const SELECT = sql`id, code, name, post_rank as "postRank", company_id as "companyId",
  sys_org_code as "sysOrgCode", create_by as "createBy", create_time as "createTime"`;

const present = (row: RawRow, timeZone: string): PositionRow => ({
  ...row,
  createTime: formatDateTime(row.createTime, timeZone),
});

export async function listPositions(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<PositionRow>> {
  const query = translateListQuery(params, POSITION_ENTITY, options);
  const page = await runListQuery<RawRow>(
    db.withoutPlugins(),
    { select: SELECT, from: POSITION_SCOPE.from, where: scope.where },
    query,
  );
  return { ...page, records: page.records.map((r) => present(r, options.timeZone)) };
}

/**
 * One position by `id` or by `code`; null when there is none. One the scope keeps out is
 * refused (没有该数据的操作权限).
 */
export async function positionBy(
  db: Db,
  key: 'id' | 'code',
  value: string,
  scope: RowScope,
  timeZone: string,
): Promise<PositionRow | null> {
  const { rows } = await sql<RawRow>`select ${SELECT} from sys_position
    where ${sql.ref(key)} = ${value}`.execute(db.withoutPlugins());
  if (!rows[0]) return null;
  await scope.checkOne(rows[0].id);
  return present(rows[0], timeZone);
}
