import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DataRule, Principal } from './access';
import { failure } from './errors';
import {
  allOf,
  anyOf,
  compare,
  isIn,
  like,
  type Comparison,
  type ConditionTarget,
  type LikeMode,
} from './list-conditions';
import type { ListEntity } from './list-query';
import { formatDateTime } from './time';

/**
 * Data rules as SQL (jeecg-api.md §4.4): a rule of a menu becomes one condition on the fields
 * of the menu's list. Every value is bound; the column comes from the entity. Routes do not
 * call this themselves: they go through the scoped-query helper (`row-scope.ts`), which picks
 * the rules of the code the caller was admitted with. Unlike the reference system, rules also
 * guard updates and deletes, and a custom SQL rule (`USE_SQL_RULES`) is not accepted. A rule
 * that cannot be applied (a field the list does not have, an unknown variable) refuses the
 * request rather than showing more than it should.
 */

export const MSG_OUT_OF_SCOPE = '没有该数据的操作权限';
export const MSG_SQL_RULE = '不支持自定义SQL规则（USE_SQL_RULES），请用字段条件表达数据规则';

/** Rule conditions and what they compile to. */
const CONDITIONS: Readonly<Record<string, Comparison | LikeMode | 'in'>> = {
  '=': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  IN: 'in',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
};

/** The conditions a rule may use, as the `rule_conditions` dictionary writes them. */
export const RULE_CONDITIONS: readonly string[] = Object.keys(CONDITIONS);

/** What the system variables of a rule value stand for. */
export interface RuleVariables {
  readonly userCode: string;
  readonly userName: string;
  readonly orgCode: string | null;
  readonly orgCodes: readonly string[];
  readonly tenantId: number;
  readonly now: Date;
  readonly timeZone: string;
}

type Variable = (vars: RuleVariables) => string | readonly string[] | null;

const VARIABLES: Readonly<Record<string, Variable>> = {
  sys_user_code: (v) => v.userCode,
  sys_user_name: (v) => v.userName,
  sys_org_code: (v) => v.orgCode,
  sys_multi_org_code: (v) => v.orgCodes,
  sys_date: (v) => formatDateTime(v.now, v.timeZone)?.slice(0, 10) ?? null,
  sys_time: (v) => formatDateTime(v.now, v.timeZone),
  tenant_id: (v) => String(v.tenantId),
};

const PLACEHOLDER = /#\{([A-Za-z_]+)\}/g;

function snakeName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function camelName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The variables a value names that we do not know (`#{x}`), in snake form. */
export function unknownVariables(value: string): string[] {
  return [...value.matchAll(PLACEHOLDER)]
    .map((m) => snakeName(m[1]!))
    .filter((name) => !Object.hasOwn(VARIABLES, name));
}

/**
 * Checks a rule as it is saved: a known condition (never USE_SQL_RULES), a value for every
 * condition, known variables. Returns the message to refuse it with, or null.
 */
export function ruleProblem(rule: {
  readonly condition: string;
  readonly column: string | null;
  readonly value: string | null;
}): string | null {
  if (rule.condition === 'USE_SQL_RULES') return MSG_SQL_RULE;
  if (!Object.hasOwn(CONDITIONS, rule.condition)) return `未知的规则条件：${rule.condition}`;
  if (!rule.column || !/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(rule.column)) {
    return '规则字段应为字母开头的字段名';
  }
  if (rule.value === null || rule.value.trim() === '') return '规则值不能为空';
  const unknown = unknownVariables(rule.value);
  if (unknown.length > 0) return `未知的系统变量：#{${unknown[0]}}`;
  return null;
}

/** The rule's value with its variables filled in: one value, several, or none (false). */
function substitute(value: string, vars: RuleVariables): string[] {
  let results = [value];
  for (const match of value.matchAll(PLACEHOLDER)) {
    const name = snakeName(match[1]!);
    const variable = VARIABLES[name];
    if (!variable) throw failure(`数据规则使用了未知的系统变量：#{${match[1]}}`);
    const resolved = variable(vars);
    const options = (typeof resolved === 'string' ? [resolved] : (resolved ?? [])).filter(
      (v) => v !== '',
    );
    // A variable with no value (a user without a department) matches nothing.
    if (options.length === 0) return [];
    results = results.flatMap((r) => options.map((o) => r.split(match[0]).join(o)));
  }
  return results;
}

function targetOf(entity: ListEntity, rule: DataRule): ConditionTarget {
  const column = (rule.column ?? '').trim();
  const field = entity.fields.get(column) ?? entity.fields.get(camelName(column));
  if (!field) throw failure(`数据规则“${rule.name}”的字段不在该列表中：${column}`);
  return field.target;
}

/** One rule as a condition on the entity. */
export function ruleCondition(
  rule: DataRule,
  entity: ListEntity,
  vars: RuleVariables,
): RawBuilder<SqlBool> {
  const kind = CONDITIONS[rule.condition];
  if (!kind) {
    throw failure(rule.condition === 'USE_SQL_RULES' ? MSG_SQL_RULE : '数据规则的条件无效');
  }
  const target = targetOf(entity, rule);
  const values = substitute(rule.value ?? '', vars);
  if (values.length === 0) return sql<SqlBool>`false`;
  const { timeZone } = vars;
  switch (kind) {
    case 'in':
      return isIn(
        target,
        values.flatMap((v) => v.split(',').map((part) => part.trim())).filter((v) => v !== ''),
        timeZone,
      );
    case 'eq':
      return values.length === 1
        ? compare(target, 'eq', values[0]!, timeZone)
        : isIn(target, values, timeZone);
    case 'ne':
      return allOf(values.map((v) => compare(target, 'ne', v, timeZone)));
    case 'like':
    case 'left_like':
    case 'right_like':
      return anyOf(values.map((v) => like(target, kind, v)));
    default:
      return anyOf(values.map((v) => compare(target, kind, v, timeZone)));
  }
}

export function variablesOf(
  principal: Principal,
  tenantId: number,
  timeZone: string,
): RuleVariables {
  return {
    userCode: principal.username,
    userName: principal.realname,
    orgCode: principal.orgCode,
    orgCodes: principal.orgCodes,
    tenantId,
    now: new Date(),
    timeZone,
  };
}

/**
 * The rules that apply to `entity` for a caller admitted with `code`: those filed under the code
 * that belong to the entity's menu (they are filed under `menuCode` too). A route admitted with
 * a code of another screen (the role picker of 用户管理 reading roles with `user:add`) meets
 * none of this entity's rules: that screen's rules are about its own rows.
 */
export function rulesFor(
  principal: Principal,
  code: string,
  menuCode: string,
): readonly DataRule[] {
  const admitted = principal.dataRules.get(code);
  if (!admitted || admitted.length === 0) return [];
  if (code === menuCode) return admitted;
  const ofMenu = new Set((principal.dataRules.get(menuCode) ?? []).map((rule) => rule.id));
  return admitted.filter((rule) => ofMenu.has(rule.id));
}

/** The rules as one condition on the entity; null when there are none (every row). */
export function rulesCondition(
  rules: readonly DataRule[],
  entity: ListEntity,
  vars: RuleVariables,
): RawBuilder<SqlBool> | null {
  if (rules.length === 0) return null;
  return allOf(rules.map((rule) => ruleCondition(rule, entity, vars)));
}
