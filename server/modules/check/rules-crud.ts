import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, MSG_NOT_FOUND, type RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { NullableText } from '../../http/schema-types';
import { newId } from '../../ids';
import { checkedRuleJson } from './rule-json';

/**
 * Writes of 校验规则. `ruleCode` is unique (checked first for a clear message; the constraint
 * `uniq_sys_check_rule_code` catches a race) and `ruleJson` is checked by rule-json.ts. The
 * body schemas are exported for the business-entity routes and the import.
 */

export const msgRuleCodeTaken = (code: string) => `规则编码“${code}”已存在`;

const properties = {
  ruleName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  ruleCode: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]{0,99}$' }),
  /** A JSON text (as the reference front end sends it) or the array itself. */
  ruleJson: Type.Union([
    Type.String({ minLength: 1, maxLength: 4000 }),
    Type.Array(Type.Unknown(), { maxItems: 100 }),
  ]),
  ruleDescription: NullableText(200),
};

export const CHECK_RULE_ADD_BODY = Type.Object(properties);
export const CHECK_RULE_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...properties });

/** A rule as add / edit take it (from the add body's schema). */
export type CheckRuleInput = Static<typeof CHECK_RULE_ADD_BODY>;

async function codeTaken(db: Db, code: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('sys_check_rule').select('id').where('ruleCode', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function columnsOf(input: CheckRuleInput) {
  return {
    ruleName: input.ruleName.trim(),
    ruleCode: input.ruleCode.trim(),
    ruleJson: checkedRuleJson(input.ruleJson),
    ruleDescription: input.ruleDescription?.trim() || null,
  };
}

export async function addCheckRule(
  db: Db,
  input: CheckRuleInput,
  username: string,
): Promise<string> {
  const columns = columnsOf(input);
  if (await codeTaken(db, columns.ruleCode, null)) {
    throw failure(msgRuleCodeTaken(columns.ruleCode));
  }
  const id = newId();
  await unique(
    db
      .insertInto('sys_check_rule')
      .values({ id, ...columns, createBy: username })
      .execute(),
    msgRuleCodeTaken(columns.ruleCode),
  );
  return id;
}

export async function editCheckRule(
  db: Db,
  id: InScope<RecordId>,
  input: CheckRuleInput,
  username: string,
): Promise<void> {
  const columns = columnsOf(input);
  if (await codeTaken(db, columns.ruleCode, id)) {
    throw failure(msgRuleCodeTaken(columns.ruleCode));
  }
  const result = await unique(
    db
      .updateTable('sys_check_rule')
      .set({ ...columns, updateBy: username, updateTime: new Date() })
      .where('id', '=', id)
      .executeTakeFirst(),
    msgRuleCodeTaken(columns.ruleCode),
  );
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
}

/** Deletes rules; returns how many. */
export async function deleteCheckRules(db: Db, ids: readonly InScope<RecordId>[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('sys_check_rule').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
