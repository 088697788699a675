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

/**
 * Reads of 角色管理: the list (through the list-query translator), one role, every role.
 * Filters are those of the contract; `id` is filterable for the export's `selections`.
 * Every read stays within the caller's row scope on 角色管理.
 */

export const ROLE_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    roleName: { column: 'role_name', type: 'string' },
    roleCode: { column: 'role_code', type: 'string' },
    description: { column: 'description', type: 'string' },
    createBy: { column: 'create_by', type: 'string', filterable: false },
    createTime: { column: 'create_time', type: 'datetime' },
    updateTime: { column: 'update_time', type: 'datetime', filterable: false },
  },
});

export const ROLE_SCOPE: ScopedEntity = {
  table: 'sys_role',
  menuCode: 'role:list',
  fields: ROLE_ENTITY,
  from: sql.table('sys_role'),
  key: sql.ref('id'),
};

/** A role as every route answers it. */
export type RoleRecord = {
  readonly id: string;
  readonly roleName: string;
  readonly roleCode: string;
  readonly description: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
};

interface RoleRow extends Omit<RoleRecord, 'createTime' | 'updateTime'> {
  readonly createTime: Date | null;
  readonly updateTime: Date | null;
}

const ROLE_SELECT = sql`id, role_name as "roleName", role_code as "roleCode", description,
  create_by as "createBy", create_time as "createTime", update_time as "updateTime"`;

function toRecord(row: RoleRow, timeZone: string): RoleRecord {
  return {
    ...row,
    createTime: formatDateTime(row.createTime, timeZone),
    updateTime: formatDateTime(row.updateTime, timeZone),
  };
}

export async function listRoles(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<RoleRecord>> {
  const query = translateListQuery(params, ROLE_ENTITY, options);
  const page = await runListQuery<RoleRow>(
    db.withoutPlugins(),
    { select: ROLE_SELECT, from: ROLE_SCOPE.from, where: scope.where },
    query,
  );
  return { ...page, records: page.records.map((r) => toRecord(r, options.timeZone)) };
}

/** One role; null when there is none, refused when the scope keeps it out. */
export async function roleById(
  db: Db,
  id: string,
  scope: RowScope,
  timeZone: string,
): Promise<RoleRecord | null> {
  const { rows } = await sql<RoleRow>`select ${ROLE_SELECT} from sys_role where id = ${id}`.execute(
    db.withoutPlugins(),
  );
  if (!rows[0]) return null;
  await scope.checkOne(id);
  return toRecord(rows[0], timeZone);
}

/** Every role in the scope, oldest first (also the role pickers of 用户管理). */
export async function allRoles(db: Db, scope: RowScope, timeZone: string): Promise<RoleRecord[]> {
  const { rows } = await sql<RoleRow>`
    select ${ROLE_SELECT} from sys_role where ${scope.where}
    order by create_time, role_code`.execute(db.withoutPlugins());
  return rows.map((r) => toRecord(r, timeZone));
}
