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
import { formatDateTime } from '../../http/time';

/**
 * Reads of 角色管理: the list (through the list-query translator), one role, every role.
 * Filters are those of the contract; `id` is filterable for the export's `selections`.
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
  options: ListQueryOptions,
): Promise<Page<RoleRecord>> {
  const query = translateListQuery(params, ROLE_ENTITY, options);
  const page = await runListQuery<RoleRow>(
    db.withoutPlugins(),
    { select: ROLE_SELECT, from: sql.table('sys_role') },
    query,
  );
  return { ...page, records: page.records.map((r) => toRecord(r, options.timeZone)) };
}

export async function roleById(db: Db, id: string, timeZone: string): Promise<RoleRecord | null> {
  const { rows } = await sql<RoleRow>`select ${ROLE_SELECT} from sys_role where id = ${id}`.execute(
    db.withoutPlugins(),
  );
  return rows[0] ? toRecord(rows[0], timeZone) : null;
}

/** Every role, oldest first (the role pickers of 用户管理). */
export async function allRoles(db: Db, timeZone: string): Promise<RoleRecord[]> {
  const { rows } = await sql<RoleRow>`
    select ${ROLE_SELECT} from sys_role order by create_time, role_code`.execute(
    db.withoutPlugins(),
  );
  return rows.map((r) => toRecord(r, timeZone));
}
