import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, type RecordId } from '../../http/request-schemas';
import { NullableText } from '../../http/schema-types';
import type { InScope } from '../../http/row-scope';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import { MSG_NOT_FOUND } from '../../http/request-schemas';
import { formatDateTime } from '../../http/time';
import { newId } from '../../ids';
import { isForeignKeyViolation } from './db-errors';
import { MSG_DEPART_MISSING, requireDepart } from './grants';

/**
 * 部门角色: roles that belong to one department, their codes unique within it. Deleting a role
 * takes its grants and user links with it (foreign keys); the caller publishes `permissions`.
 */

export const MSG_DEPART_FIXED = '部门角色所属部门不能修改';
export const msgRoleCodeTaken = (code: string) => `部门角色编码“${code}”已存在`;

export interface DepartRoleRecord {
  readonly id: string;
  readonly departId: string;
  readonly roleName: string;
  readonly roleCode: string;
  readonly description: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
}

type RawRole = Omit<DepartRoleRecord, 'createTime' | 'updateTime'> & {
  readonly createTime: Date | null;
  readonly updateTime: Date | null;
};

/** Department role codes, as role codes (letters, digits, underscore). */
const ROLE_CODE = '^[A-Za-z][A-Za-z0-9_]{1,99}$';

const roleProperties = {
  departId: ID_SCHEMA,
  roleName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  roleCode: Type.String({ minLength: 2, maxLength: 100, pattern: ROLE_CODE }),
  description: NullableText(255),
};

export const DEPART_ROLE_ADD_BODY = Type.Object(roleProperties);
/** Edit names the role by id; a department, when sent, must be the role's own. */
export const DEPART_ROLE_EDIT_BODY = Type.Object({
  id: ID_SCHEMA,
  ...roleProperties,
  departId: Type.Optional(ID_SCHEMA),
});

/** A department role as add and edit take it (from the edit body's schema). */
export type DepartRoleInput = Omit<Static<typeof DEPART_ROLE_EDIT_BODY>, 'id'>;

export const DEPART_ROLE_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    roleName: { column: 'role_name', type: 'string' },
    roleCode: { column: 'role_code', type: 'string' },
    description: { column: 'description', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime' },
    updateTime: { column: 'update_time', type: 'datetime' },
  },
  // `departId` may come along with `deptId` (a page bound to its department sends both).
  extraParams: ['deptId', 'departId'],
});

const ROLE_COLUMNS = sql`id, depart_id as "departId", role_name as "roleName",
  role_code as "roleCode", description, create_by as "createBy", create_time as "createTime",
  update_time as "updateTime"`;

function toRecord(raw: RawRole, timeZone: string): DepartRoleRecord {
  return {
    ...raw,
    createTime: formatDateTime(raw.createTime, timeZone),
    updateTime: formatDateTime(raw.updateTime, timeZone),
  };
}

/** The roles of one department, a page of the list translator. */
export async function listDepartRoles(
  db: Db,
  departId: string,
  params: ListParams,
  options: ListQueryOptions,
): Promise<Page<DepartRoleRecord>> {
  const query = translateListQuery(params, DEPART_ROLE_ENTITY, options);
  const page = await runListQuery<RawRole>(
    db.withoutPlugins(),
    { select: ROLE_COLUMNS, from: sql`sys_depart_role`, where: sql`depart_id = ${departId}` },
    query,
  );
  return { ...page, records: page.records.map((r) => toRecord(r, options.timeZone)) };
}

/** Every role of one department, oldest first. */
export async function departRolesOf(
  db: Db,
  departId: string,
  timeZone: string,
): Promise<DepartRoleRecord[]> {
  const { rows } = await sql<RawRole>`
    select ${ROLE_COLUMNS} from sys_depart_role where depart_id = ${departId}
    order by create_time, id`.execute(db.withoutPlugins());
  return rows.map((r) => toRecord(r, timeZone));
}

async function codeTaken(
  db: Db,
  departId: string,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db
    .selectFrom('sys_depart_role')
    .select('id')
    .where('departId', '=', departId)
    .where('roleCode', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function addDepartRole(
  db: Db,
  departId: string,
  input: DepartRoleInput,
  username: string,
): Promise<string> {
  await requireDepart(db, departId);
  const code = input.roleCode.trim();
  if (await codeTaken(db, departId, code, null)) throw failure(msgRoleCodeTaken(code));
  const id = newId();
  try {
    await unique(
      db
        .insertInto('sys_depart_role')
        .values({
          id,
          departId,
          roleName: input.roleName.trim(),
          roleCode: code,
          description: input.description?.trim() || null,
          createBy: username,
        })
        .execute(),
      msgRoleCodeTaken(code),
    );
  } catch (error) {
    if (isForeignKeyViolation(error)) throw failure(MSG_DEPART_MISSING);
    throw error;
  }
  return id;
}

export async function editDepartRole(
  db: Db,
  id: InScope<RecordId>,
  input: DepartRoleInput,
  username: string,
): Promise<void> {
  const current = await db
    .selectFrom('sys_depart_role')
    .select('departId')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw failure(MSG_NOT_FOUND);
  if (input.departId && input.departId !== current.departId) throw failure(MSG_DEPART_FIXED);
  const code = input.roleCode.trim();
  if (await codeTaken(db, current.departId, code, id)) throw failure(msgRoleCodeTaken(code));
  const result = await unique(
    db
      .updateTable('sys_depart_role')
      .set({
        roleName: input.roleName.trim(),
        roleCode: code,
        ...(input.description === undefined
          ? {}
          : { description: input.description?.trim() || null }),
        updateBy: username,
        updateTime: new Date(),
      })
      .where('id', '=', id)
      .executeTakeFirst(),
    msgRoleCodeTaken(code),
  );
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
}

/** Deletes roles with their grants and user links; answers how many. */
export async function deleteDepartRoles(
  db: Db,
  ids: readonly InScope<RecordId>[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('sys_depart_role').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
