import type { FieldDefinition, FormView, ListView, QueryView, ValidateRule } from '../page';

type ListOptions = ListView;
import { PATTERN_PRESETS } from '../validate-presets';

/**
 * The 字段 table's columns as readings of a field definition and the values that write them
 * back: 查询方式, 必填 / 唯一, 校验, 列表显示 / 列宽, 表单显示. Pure, so the table and its tests
 * agree on what a cell means.
 */

/** 查询方式: 不查询 / 精确 / 模糊 / 范围. */
export type QueryMode = 'none' | 'exact' | 'fuzzy' | 'range';

export const QUERY_MODE_LABELS: Readonly<Record<QueryMode, string>> = {
  none: '不查询',
  exact: '精确',
  fuzzy: '模糊',
  range: '范围',
};

const FUZZY_RULES = new Set(['like', 'left_like', 'right_like']);

function queryView(field: FieldDefinition): QueryView | null {
  const query = field.query;
  if (query === undefined || query === false) return null;
  return query === true ? {} : query;
}

/** The field's 查询方式 (`query: true` reads as the type's own rule: 精确 or 模糊). */
export function queryModeOf(field: FieldDefinition, typeRule: string): QueryMode {
  const view = queryView(field);
  if (!view) return 'none';
  if (view.mode === 'range') return 'range';
  return FUZZY_RULES.has(view.rule ?? typeRule) ? 'fuzzy' : 'exact';
}

/** The `query` value for a 查询方式 (`undefined`: not in the query form); keeps `pinned`. */
export function queryFor(field: FieldDefinition, mode: QueryMode): FieldDefinition['query'] {
  if (mode === 'none') return undefined;
  const pinned = queryView(field)?.pinned;
  const base = pinned === undefined ? {} : { pinned };
  if (mode === 'range') return { ...base, mode: 'range' };
  return { ...base, rule: mode === 'fuzzy' ? 'like' : 'eq' };
}

type RuleKind = 'required' | 'unique';

export function hasRule(field: FieldDefinition, kind: RuleKind): boolean {
  return (field.validateRules ?? []).some((r) => r[kind] === true);
}

/** The rules with `kind` on or off (`undefined` when none are left). */
export function rulesWith(
  field: FieldDefinition,
  kind: RuleKind,
  on: boolean,
): readonly ValidateRule[] | undefined {
  const rest = (field.validateRules ?? []).filter((r) => r[kind] !== true);
  const rules = on
    ? kind === 'required'
      ? [{ required: true }, ...rest]
      : [...rest, { unique: true }]
    : rest;
  return rules.length > 0 ? rules : undefined;
}

/** The preset patterns with their Chinese names (校验). */
export const PATTERN_LABELS: Readonly<Record<string, string>> = {
  'n6-16': '6到16位数字',
  '*6-16': '6到16位任意字符',
  's6-18': '6到18位字母',
  url: '网址',
  e: '电子邮件',
  m: '手机号码',
  p: '邮政编码',
  s: '字母',
  n: '数字',
  z: '整数',
  money: '金额',
};

export interface PatternRule {
  readonly pattern: string;
  readonly message?: string;
}

/** The field's pattern rule (校验), if it has one. */
export function patternOf(field: FieldDefinition): PatternRule | null {
  const rule = (field.validateRules ?? []).find((r) => r.pattern !== undefined);
  if (!rule?.pattern) return null;
  return { pattern: rule.pattern, ...(rule.message ? { message: rule.message } : {}) };
}

/** The rules with the pattern rule replaced (null removes it); a custom pattern keeps its place. */
export function rulesWithPattern(
  field: FieldDefinition,
  rule: PatternRule | null,
): readonly ValidateRule[] | undefined {
  const rules = [...(field.validateRules ?? [])];
  const at = rules.findIndex((r) => r.pattern !== undefined);
  if (rule === null) {
    if (at >= 0) rules.splice(at, 1);
  } else if (at >= 0) {
    rules[at] = rule;
  } else {
    rules.push(rule);
  }
  return rules.length > 0 ? rules : undefined;
}

/** Whether a pattern is one of the presets (else a regular expression of the author's). */
export function isPresetPattern(pattern: string): boolean {
  return Object.hasOwn(PATTERN_PRESETS, pattern);
}

/** Shown in the list (列表显示); `list` defaults to true. */
export function inList(field: FieldDefinition): boolean {
  return field.list !== false;
}

/** Shown in the edit form (表单显示); `form` defaults to true. */
export function inForm(field: FieldDefinition): boolean {
  return field.form !== false;
}

/** The list column width (列宽), when the field sets one. */
export function listWidthOf(field: FieldDefinition): number | null {
  return typeof field.list === 'object' ? (field.list.width ?? null) : null;
}

/**
 * A view (`list` / `form`) with one option set (null removes it): a view with nothing left set
 * is the default `true`, written as no value at all.
 */
function viewWith<V extends object, K extends keyof V>(
  view: V | boolean | undefined,
  key: K,
  value: V[K] | null,
): V | undefined {
  const options = typeof view === 'object' ? view : {};
  const rest = Object.fromEntries(Object.entries(options).filter(([k]) => k !== key));
  const next = value === null ? rest : { ...rest, [key]: value };
  return Object.keys(next).length > 0 ? (next as V) : undefined;
}

function listWith<K extends keyof ListOptions>(
  field: FieldDefinition,
  key: K,
  value: ListOptions[K] | null,
): FieldDefinition['list'] {
  return viewWith<ListOptions, K>(field.list, key, value);
}

/** The `list` value with the width set (null removes it; a list with nothing left is `true`). */
export function listWithWidth(
  field: FieldDefinition,
  width: number | null,
): FieldDefinition['list'] {
  return listWith(field, 'width', width);
}

export type Statistic = 'sum' | 'average';

export const STATISTIC_LABELS: Readonly<Record<Statistic, string>> = {
  sum: '合计',
  average: '平均',
};

/** A detail column's figures in the grid's 统计 row (none when it sets none). */
export function statisticsOf(field: FieldDefinition): readonly Statistic[] {
  return typeof field.list === 'object' ? (field.list.statistics ?? []) : [];
}

/** The `list` value with these figures (none removes them), in the schema's order. */
export function listWithStatistics(
  field: FieldDefinition,
  statistics: readonly Statistic[],
): FieldDefinition['list'] {
  const ordered = (['sum', 'average'] as const).filter((s) => statistics.includes(s));
  return listWith(field, 'statistics', ordered.length > 0 ? ordered : null);
}

/** The field's span in the edit form (out of 24), when it sets one. */
export function formSpanOf(field: FieldDefinition): number | null {
  return typeof field.form === 'object' ? (field.form.span ?? null) : null;
}

/** The `form` value with one option set (null removes it; nothing left is `true`). */
export function formWith<K extends keyof FormView>(
  field: FieldDefinition,
  key: K,
  value: FormView[K] | null,
): FieldDefinition['form'] {
  return viewWith<FormView, K>(field.form, key, value);
}

/** The field's 只读 setting in the edit form. */
export function formReadOnlyOf(field: FieldDefinition): boolean | 'edit' {
  return typeof field.form === 'object' ? (field.form.readOnly ?? false) : false;
}
