import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, MSG_NOT_FOUND, type RecordId } from '../../http/request-schemas';
import { Nullable, NullableText } from '../../http/schema-types';
import type { InScope } from '../../http/row-scope';
import { newId } from '../../ids';

/**
 * Writes of 职务管理. `code` is unique (checked first for a clear message; the constraint
 * `uniq_sys_position_code` catches two saves racing past the check). The body schemas are
 * exported: the business-entity routes and the import check records with the same ones.
 */

export const msgCodeTaken = (code: string) => `职务编码“${code}”已存在`;

const properties = {
  code: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]{1,100}$' }),
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  /** position_rank dictionary value. */
  postRank: Type.Optional(Nullable(Type.String({ maxLength: 2, pattern: '^[A-Za-z0-9]{0,2}$' }))),
  companyId: NullableText(32),
  sysOrgCode: NullableText(64),
};

export const POSITION_ADD_BODY = Type.Object(properties);
export const POSITION_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...properties });

/** A position as add / edit take it (from the add body's schema). */
export type PositionInput = Static<typeof POSITION_ADD_BODY>;

async function codeTaken(db: Db, code: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('sys_position').select('id').where('code', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** Adds a position; `sysOrgCode` defaults to the caller's department. Returns the id. */
export async function addPosition(
  db: Db,
  input: PositionInput,
  by: { readonly username: string; readonly orgCode: string | null },
): Promise<string> {
  const code = input.code.trim();
  if (await codeTaken(db, code, null)) throw failure(msgCodeTaken(code));
  const id = newId();
  await unique(
    db
      .insertInto('sys_position')
      .values({
        id,
        code,
        name: input.name.trim(),
        postRank: blankToNull(input.postRank),
        companyId: blankToNull(input.companyId),
        sysOrgCode: blankToNull(input.sysOrgCode) ?? by.orgCode,
        createBy: by.username,
      })
      .execute(),
    msgCodeTaken(code),
  );
  return id;
}

export async function editPosition(
  db: Db,
  id: InScope<RecordId>,
  input: PositionInput,
  username: string,
): Promise<void> {
  const code = input.code.trim();
  if (await codeTaken(db, code, id)) throw failure(msgCodeTaken(code));
  const result = await unique(
    db
      .updateTable('sys_position')
      .set({
        code,
        name: input.name.trim(),
        postRank: blankToNull(input.postRank),
        ...(input.companyId === undefined ? {} : { companyId: blankToNull(input.companyId) }),
        ...(input.sysOrgCode === undefined ? {} : { sysOrgCode: blankToNull(input.sysOrgCode) }),
        updateBy: username,
        updateTime: new Date(),
      })
      .where('id', '=', id)
      .executeTakeFirst(),
    msgCodeTaken(code),
  );
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
}

/** Deletes positions; returns how many. */
export async function deletePositions(db: Db, ids: readonly InScope<RecordId>[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('sys_position').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
