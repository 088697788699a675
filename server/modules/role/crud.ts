import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, MSG_NOT_FOUND, type RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { NullableText } from '../../http/schema-types';
import { newId } from '../../ids';

/**
 * Writes of roles. Role codes are unique (checked first for the message, and by
 * `uniq_sys_role_role_code` against concurrent saves). The `admin` role keeps its code and
 * cannot be deleted: it is the one role that holds every code. Deleting a role removes its
 * grants and user links through the foreign keys; the caller publishes `permissions`.
 * Inputs are checked here too (not only by the route schemas) because imports save through
 * these functions.
 */

export const ADMIN_ROLE_CODE = 'admin';
export const ROLE_CODE_PATTERN = '^[A-Za-z][A-Za-z0-9_]{1,99}$';
export const ROLE_NAME_MAX = 200;
export const ROLE_DESCRIPTION_MAX = 255;

export const MSG_ROLE_CODE_TAKEN = '角色编码已存在';
export const MSG_ROLE_CODE_BAD = '角色编码应以字母开头，由字母、数字、下划线组成（2-100位）';
export const MSG_ROLE_NAME_BAD = `角色名称不能为空，最多${ROLE_NAME_MAX}个字符`;
export const MSG_ROLE_DESCRIPTION_BAD = `描述最多${ROLE_DESCRIPTION_MAX}个字符`;
export const MSG_ADMIN_UNDELETABLE = '管理员角色（admin）不能删除';
export const MSG_ADMIN_CODE_FIXED = '管理员角色（admin）的编码不能修改';

const roleProperties = {
  roleName: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX, pattern: '\\S' }),
  roleCode: Type.String({ maxLength: 100, pattern: ROLE_CODE_PATTERN }),
  description: NullableText(ROLE_DESCRIPTION_MAX),
};

export const ROLE_ADD_BODY = Type.Object(roleProperties);
export const ROLE_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...roleProperties });

/** A role as add / edit (and an imported row) take it (from the add body's schema). */
export type RoleInput = Static<typeof ROLE_ADD_BODY>;

interface RoleFields {
  readonly roleName: string;
  readonly roleCode: string;
  readonly description: string | null;
}

const CODE = new RegExp(ROLE_CODE_PATTERN);

/** The input trimmed and checked; refuses it with the first problem. */
export function roleFields(input: RoleInput): RoleFields {
  const roleName = (input.roleName ?? '').trim();
  const roleCode = (input.roleCode ?? '').trim();
  const description = input.description?.trim() || null;
  if (roleName === '' || roleName.length > ROLE_NAME_MAX) throw failure(MSG_ROLE_NAME_BAD);
  if (!CODE.test(roleCode)) throw failure(MSG_ROLE_CODE_BAD);
  if (description && description.length > ROLE_DESCRIPTION_MAX) {
    throw failure(MSG_ROLE_DESCRIPTION_BAD);
  }
  return { roleName, roleCode, description };
}

/** Whether a role other than `exceptId` holds the code. */
export async function roleCodeTaken(
  db: Db,
  roleCode: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db.selectFrom('sys_role').select('id').where('roleCode', '=', roleCode);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function addRole(db: Db, input: RoleInput, username: string): Promise<string> {
  const fields = roleFields(input);
  if (await roleCodeTaken(db, fields.roleCode, null)) throw failure(MSG_ROLE_CODE_TAKEN);
  const id = newId();
  await unique(
    db
      .insertInto('sys_role')
      .values({ id, ...fields, createBy: username })
      .execute(),
    MSG_ROLE_CODE_TAKEN,
  );
  return id;
}

export async function editRole(
  db: Db,
  id: InScope<RecordId>,
  input: RoleInput,
  username: string,
): Promise<void> {
  const fields = roleFields(input);
  const current = await db
    .selectFrom('sys_role')
    .select('roleCode')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw failure(MSG_NOT_FOUND);
  if (current.roleCode === ADMIN_ROLE_CODE && fields.roleCode !== ADMIN_ROLE_CODE) {
    throw failure(MSG_ADMIN_CODE_FIXED);
  }
  if (await roleCodeTaken(db, fields.roleCode, id)) throw failure(MSG_ROLE_CODE_TAKEN);
  await unique(
    db
      .updateTable('sys_role')
      .set({ ...fields, updateBy: username, updateTime: new Date() })
      .where('id', '=', id)
      .execute(),
    MSG_ROLE_CODE_TAKEN,
  );
}

/** Deletes roles with their grants and user links; refuses the batch if it holds `admin`. */
export async function deleteRoles(db: Db, ids: readonly InScope<RecordId>[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const admin = await tx
      .selectFrom('sys_role')
      .select('id')
      .where('id', 'in', [...ids])
      .where('roleCode', '=', ADMIN_ROLE_CODE)
      .executeTakeFirst();
    if (admin) throw failure(MSG_ADMIN_UNDELETABLE);
    const result = await tx
      .deleteFrom('sys_role')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Whether the role exists (grant routes refuse unknown roles). */
export async function roleExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('sys_role').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
