import { sql, type Kysely } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { ruleProblem } from '../../http/data-scope';
import { failure } from '../../http/errors';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import { ID_SCHEMA, MSG_NOT_FOUND } from '../../http/request-schemas';
import { Nullable } from '../../http/schema-types';
import { formatDateTime } from '../../http/time';
import { dictFields } from '../dict/dict-text';
import { newId } from '../../ids';
import { MENU_BUTTON } from './menu-tree';

/**
 * The data rules of a menu (菜单管理 → 数据规则). A rule belongs to a menu (type 0/1), never a
 * button; it is checked as it is saved (`ruleProblem`: no USE_SQL_RULES, known conditions and
 * variables). The menu's `rule_flag` is 1 while it has rules. Callers publish `permissions`:
 * principals cache the rules they meet.
 */

export interface RuleRecord {
  readonly id: string;
  readonly permissionId: string;
  readonly ruleName: string;
  readonly ruleColumn: string | null;
  readonly ruleConditions: string;
  readonly ruleValue: string | null;
  readonly status: string;
  readonly createTime: string | null;
}

const ruleProperties = {
  ruleName: Type.String({ minLength: 1, maxLength: 50 }),
  // Checked by ruleProblem, so a USE_SQL_RULES rule (which has no column) meets its message.
  ruleColumn: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  ruleConditions: Type.String({ minLength: 1, maxLength: 50 }),
  ruleValue: Type.String({ maxLength: 300 }),
  // `type: 'string'` kept: a number is coerced to its text and checked, as it always was.
  status: Type.Optional(Type.Enum(['0', '1'], { type: 'string' })),
};

export const RULE_ADD_BODY = Type.Object({ permissionId: ID_SCHEMA, ...ruleProperties });
export const RULE_EDIT_BODY = Type.Object({
  id: ID_SCHEMA,
  // Accepted and ignored: a rule stays on its menu.
  permissionId: Type.Optional(ID_SCHEMA),
  ...ruleProperties,
});

/** A rule as add / edit take it (the rule bodies' own fields). */
export type RuleInput = Omit<Static<typeof RULE_ADD_BODY>, 'permissionId'>;

export const MSG_MENU_MISSING = '菜单不存在';
export const MSG_RULE_ON_BUTTON = '数据规则只能加在菜单上，不能加在按钮上';
export const MSG_RULE_NAME_BAD = '规则名称不能为空，最多50个字符';

export const RULE_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    ruleName: { column: 'rule_name', type: 'string' },
    ruleColumn: { column: 'rule_column', type: 'string' },
    ruleConditions: { column: 'rule_conditions', type: 'string' },
    ruleValue: { column: 'rule_value', type: 'string' },
    status: { column: 'status', type: 'string' },
    createTime: { column: 'create_time', type: 'datetime', filterable: false },
  },
  defaultSort: [{ field: 'createTime', order: 'asc' }],
  extraParams: ['permissionId'],
});

/** The rule list's dictionary-bound fields (`ruleConditions_dictText`, `status_dictText`). */
export const RULE_DICT_FIELDS = dictFields({
  ruleConditions: 'rule_conditions',
  status: 'valid_status',
});

const RULE_SELECT = sql`id, permission_id as "permissionId", rule_name as "ruleName",
  rule_column as "ruleColumn", rule_conditions as "ruleConditions", rule_value as "ruleValue",
  status, create_time as "createTime"`;

/** More rules than any menu has; a bound on what one answer carries. */
const MAX_RULES = 1000;

type RuleRow = Omit<RuleRecord, 'createTime'> & { readonly createTime: Date | null };
type Executor = Kysely<Database>;

/** The rules of a menu, filtered and sorted by the request (every rule without filters). */
export async function menuRules(
  db: Db,
  permissionId: string,
  params: ListParams,
  options: ListQueryOptions,
): Promise<RuleRecord[]> {
  const query = translateListQuery(params, RULE_ENTITY, options);
  const { rows } = await sql<RuleRow>`
    select ${RULE_SELECT} from sys_permission_data_rule
    where permission_id = ${permissionId} and ${query.where}
    order by ${query.orderBy} limit ${MAX_RULES}`.execute(db.withoutPlugins());
  return rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime, options.timeZone) }));
}

interface RuleFields {
  readonly ruleName: string;
  readonly ruleColumn: string | null;
  readonly ruleConditions: string;
  readonly ruleValue: string | null;
  readonly status: string;
}

function ruleFields(input: RuleInput): RuleFields {
  const ruleName = (input.ruleName ?? '').trim();
  if (ruleName === '' || ruleName.length > 50) throw failure(MSG_RULE_NAME_BAD);
  const ruleColumn = input.ruleColumn?.trim() || null;
  const ruleConditions = (input.ruleConditions ?? '').trim();
  const ruleValue = input.ruleValue?.trim() ?? null;
  const problem = ruleProblem({ condition: ruleConditions, column: ruleColumn, value: ruleValue });
  if (problem) throw failure(problem);
  return { ruleName, ruleColumn, ruleConditions, ruleValue, status: input.status ?? '1' };
}

async function requireMenu(db: Executor, permissionId: string): Promise<void> {
  const menu = await db
    .selectFrom('sys_permission')
    .select('menuType')
    .where('id', '=', permissionId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!menu) throw failure(MSG_MENU_MISSING);
  if (menu.menuType === MENU_BUTTON) throw failure(MSG_RULE_ON_BUTTON);
}

async function setRuleFlag(db: Executor, permissionId: string): Promise<void> {
  await sql`
    update sys_permission set rule_flag = case when exists (
      select 1 from sys_permission_data_rule where permission_id = ${permissionId}) then 1 else 0 end
    where id = ${permissionId}`.execute(db.withoutPlugins());
}

export async function addRule(
  db: Db,
  permissionId: string,
  input: RuleInput,
  username: string,
): Promise<string> {
  const fields = ruleFields(input);
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await requireMenu(tx, permissionId);
    await tx
      .insertInto('sys_permission_data_rule')
      .values({ id, permissionId, ...fields, createBy: username })
      .execute();
    await setRuleFlag(tx, permissionId);
  });
  return id;
}

/** Edits a rule; the menu it belongs to does not change. */
export async function editRule(
  db: Db,
  id: string,
  input: RuleInput,
  username: string,
): Promise<void> {
  const fields = ruleFields(input);
  const result = await db
    .updateTable('sys_permission_data_rule')
    .set({ ...fields, updateBy: username, updateTime: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const rule = await tx
      .deleteFrom('sys_permission_data_rule')
      .where('id', '=', id)
      .returning('permissionId')
      .executeTakeFirst();
    if (!rule) throw failure(MSG_NOT_FOUND);
    await setRuleFlag(tx, rule.permissionId);
  });
}
