import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, type RecordId } from '../../http/request-schemas';
import { Nullable } from '../../http/schema-types';
import type { InScope } from '../../http/row-scope';
import { newId } from '../../ids';

/**
 * Writes of dictionaries and their items. Codes are unique among dictionaries and item values
 * within their dictionary (checked first for a clear message, and by the table's unique
 * constraints against concurrent saves). Callers publish the `dict` bus event afterwards.
 */

export const MSG_NOT_FOUND = '未找到对应数据';
export const MSG_DICT_MISSING = '字典不存在';
export const msgCodeTaken = (code: string) => `字典编码“${code}”已存在`;
export const msgValueTaken = (value: string) => `数据值“${value}”已存在`;

/** A system dictionary code: letters, digits, `_`, `.`, `-`, starting with a letter. */
export const DICT_CODE_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,99}$';

const DESCRIPTION = Type.Optional(Nullable(Type.String({ maxLength: 255 })));
/** 0 / 1 (a flag stored as a number). */
const ZERO_ONE = Type.Integer({ enum: [0, 1] });

const dictProperties = {
  dictName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  dictCode: Type.String({ minLength: 1, maxLength: 100, pattern: DICT_CODE_PATTERN }),
  description: DESCRIPTION,
  type: Type.Optional(ZERO_ONE),
};

const itemProperties = {
  itemText: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  itemValue: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  description: DESCRIPTION,
  sortOrder: Type.Optional(Type.Integer({ minimum: -1000000, maximum: 1000000 })),
  status: Type.Optional(ZERO_ONE),
};

export const DICT_ADD_BODY = Type.Object(dictProperties);
export const DICT_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...dictProperties });
export const DICT_ITEM_ADD_BODY = Type.Object({ dictId: ID_SCHEMA, ...itemProperties });
/** `dictId` is accepted and ignored: an item stays in its dictionary. */
export const DICT_ITEM_EDIT_BODY = Type.Object({
  id: ID_SCHEMA,
  dictId: Type.Optional(ID_SCHEMA),
  ...itemProperties,
});

/** A dictionary as add / edit take it (from the add body's schema). */
export type DictInput = Static<typeof DICT_ADD_BODY>;
/** An item as add / edit take it (the item bodies' own fields). */
export type DictItemInput = Omit<Static<typeof DICT_ITEM_ADD_BODY>, 'dictId'>;

async function codeTaken(db: Db, code: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('sys_dict').select('id').where('dictCode', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether another item of the dictionary holds the value. */
export async function valueTaken(
  db: Db,
  dictId: string,
  value: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db
    .selectFrom('sys_dict_item')
    .select('id')
    .where('dictId', '=', dictId)
    .where('itemValue', '=', value);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function addDict(db: Db, input: DictInput, username: string): Promise<string> {
  const code = input.dictCode.trim();
  if (await codeTaken(db, code, null)) throw failure(msgCodeTaken(code));
  const id = newId();
  await unique(
    db
      .insertInto('sys_dict')
      .values({
        id,
        dictName: input.dictName.trim(),
        dictCode: code,
        description: input.description ?? null,
        type: input.type ?? 0,
        createBy: username,
      })
      .execute(),
    msgCodeTaken(code),
  );
  return id;
}

export async function editDict(
  db: Db,
  id: InScope<RecordId>,
  input: DictInput,
  username: string,
): Promise<void> {
  const code = input.dictCode.trim();
  if (await codeTaken(db, code, id)) throw failure(msgCodeTaken(code));
  const result = await unique(
    db
      .updateTable('sys_dict')
      .set({
        dictName: input.dictName.trim(),
        dictCode: code,
        description: input.description ?? null,
        ...(input.type === undefined ? {} : { type: input.type }),
        updateBy: username,
        updateTime: new Date(),
      })
      .where('id', '=', id)
      .where('delFlag', '=', 0)
      .executeTakeFirst(),
    msgCodeTaken(code),
  );
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
}

/** Deletes dictionaries with their items; returns how many. */
export async function deleteDicts(db: Db, ids: readonly InScope<RecordId>[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('sys_dict').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function addDictItem(
  db: Db,
  dictId: string,
  input: DictItemInput,
  username: string,
): Promise<string> {
  const dict = await db
    .selectFrom('sys_dict')
    .select('id')
    .where('id', '=', dictId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!dict) throw failure(MSG_DICT_MISSING);
  const value = input.itemValue.trim();
  if (await valueTaken(db, dictId, value, null)) throw failure(msgValueTaken(value));
  const id = newId();
  await unique(
    db
      .insertInto('sys_dict_item')
      .values({
        id,
        dictId,
        itemText: input.itemText.trim(),
        itemValue: value,
        description: input.description ?? null,
        sortOrder: input.sortOrder ?? 0,
        status: input.status ?? 1,
        createBy: username,
      })
      .execute(),
    msgValueTaken(value),
  );
  return id;
}

export async function editDictItem(
  db: Db,
  id: InScope<RecordId>,
  input: DictItemInput,
  username: string,
): Promise<void> {
  const current = await db
    .selectFrom('sys_dict_item')
    .select('dictId')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw failure(MSG_NOT_FOUND);
  const value = input.itemValue.trim();
  if (await valueTaken(db, current.dictId, value, id)) throw failure(msgValueTaken(value));
  await unique(
    db
      .updateTable('sys_dict_item')
      .set({
        itemText: input.itemText.trim(),
        itemValue: value,
        description: input.description ?? null,
        ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
        ...(input.status === undefined ? {} : { status: input.status }),
        updateBy: username,
        updateTime: new Date(),
      })
      .where('id', '=', id)
      .execute(),
    msgValueTaken(value),
  );
}

export async function deleteDictItems(db: Db, ids: readonly InScope<RecordId>[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('sys_dict_item').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
