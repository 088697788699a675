import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, MSG_NOT_FOUND, type RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { newId } from '../../ids';
import { checkedRuleJson } from './rule-json';

/**
 * Writes of 校验规则. `ruleCode` is unique (checked first for a clear message; the constraint
 * `uniq_sys_check_rule_code` catches a race) and `ruleJson` is checked by rule-json.ts. The
 * body schemas are exported for the business-entity routes and the import.
 */

export const msgRuleCodeTaken = (code: string) => `规则编码“${code}”已存在`;

const properties = {
  ruleName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  ruleCode: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z][A-Za-z0-9_]{0,99}$',
  },
  /** A JSON text (as the reference front end sends it) or the array itself. */
  ruleJson: {
    anyOf: [
      { type: 'string', minLength: 1, maxLength: 4000 },
      { type: 'array', maxItems: 100 },
    ],
  },
  ruleDescription: { type: ['string', 'null'], maxLength: 200 },
} as const;

export const CHECK_RULE_ADD_BODY = {
  type: 'object',
  required: ['ruleName', 'ruleCode', 'ruleJson'],
  properties,
} as const;

export const CHECK_RULE_EDIT_BODY = {
  type: 'object',
  required: ['id', 'ruleName', 'ruleCode', 'ruleJson'],
  properties: { id: ID_SCHEMA, ...properties },
} as const;

export interface CheckRuleInput {
  readonly ruleName: string;
  readonly ruleCode: string;
  readonly ruleJson: string | readonly unknown[];
  readonly ruleDescription?: string | null;
}

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
