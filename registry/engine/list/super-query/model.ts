import type { QueryRule } from '../../../../src/contracts/page';
import type { SuperQueryKind } from '../../../../src/contracts/super-query-fields';

/**
 * The advanced query's data, without React: the rows being edited, what a row becomes in the
 * request (`{field, rule, val, type, dbType?}`, jeecg-api.md §1.5 rule 5) and the two row
 * transitions of widgets.md §4 (a new field clears the value; leaving `in` keeps the first).
 */

export type MatchType = 'and' | 'or';
export const MATCH_TYPES: readonly MatchType[] = ['and', 'or'];

/** widgets.md §9, in the order the rule select lists them. */
export const RULES: readonly QueryRule[] = [
  'eq',
  'like',
  'right_like',
  'left_like',
  'in',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
];

/** How a field's value is typed (the contract's kinds). */
export type ValueKind = SuperQueryKind;

const LIKES: ReadonlySet<QueryRule> = new Set(['like', 'right_like', 'left_like']);

/**
 * The rules that fit a kind of value: the three likes compare text only (the server refuses
 * them on a number or a date, and a dictionary value is a code, not a phrase).
 */
export function rulesFor(kind: ValueKind): readonly QueryRule[] {
  return kind === 'text' ? RULES : RULES.filter((rule) => !LIKES.has(rule));
}

/** A value as the row holds it: text, a number, or the picked options under `in`. */
export type ConditionValue = string | number | readonly string[];

/** One row of the builder; `key` only tells rows apart while editing. */
export interface ConditionRow {
  readonly key: number;
  readonly field?: string;
  readonly rule?: QueryRule;
  readonly val?: ConditionValue;
}

/** One condition as the list request carries it and a saved query keeps it. */
export interface SuperQueryCondition {
  readonly field: string;
  readonly rule: QueryRule;
  readonly val: string | number | readonly string[];
  /** `date` / `datetime` / `number` / `string`: how the value reads. */
  readonly type: string;
  /** A numeric column's type, for numbers only (the server coerces by the entity anyway). */
  readonly dbType?: string;
}

/** The conditions in force: the list is filtered by them until reset. */
export interface ActiveQuery {
  readonly matchType: MatchType;
  readonly conditions: readonly SuperQueryCondition[];
}

let nextKey = 1;
/** A new, empty row (rule 等于, as jeecg starts one). */
export function emptyRow(): ConditionRow {
  return { key: nextKey++, rule: 'eq' };
}

/** Rows from stored conditions (a saved query loaded, or the ones in force). */
export function rowsOf(conditions: readonly SuperQueryCondition[]): ConditionRow[] {
  return conditions.map((c) => ({ key: nextKey++, field: c.field, rule: c.rule, val: c.val }));
}

function hasValue(val: ConditionValue | undefined): boolean {
  if (val === undefined || val === null) return false;
  if (typeof val === 'number') return Number.isFinite(val);
  if (typeof val === 'string') return val.trim() !== '';
  return val.some((v) => v.trim() !== '');
}

/** widgets.md §5: a condition is empty when its field, rule or value is missing. */
export function isEmptyRow(row: ConditionRow): boolean {
  return !row.field || !row.rule || !hasValue(row.val);
}

/** The field changed: the value goes (§4). */
export function withField(
  row: ConditionRow,
  field: string | undefined,
  kind: ValueKind = 'text',
): ConditionRow {
  // A rule the new field's kind does not take falls back to 等于.
  const rule = row.rule && rulesFor(kind).includes(row.rule) ? row.rule : 'eq';
  return { key: row.key, ...(field ? { field } : {}), rule };
}

/** The first of several values: a picked list's first item, a comma text's first part. */
function firstValue(val: ConditionValue | undefined, kind: ValueKind): ConditionValue | undefined {
  if (val === undefined) return undefined;
  if (Array.isArray(val)) return (val as readonly string[])[0];
  if (typeof val !== 'string' || kind === 'text') return val;
  const first = val.split(',')[0]!.trim();
  if (first === '') return undefined;
  if (kind !== 'number') return first;
  const n = Number(first);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The rule changed. Leaving `in` keeps only the first selected value (§4); entering `in` turns
 * a picked option into a list of one and a number into its text (several are typed with commas).
 */
export function withRule(
  row: ConditionRow,
  rule: QueryRule | undefined,
  kind: ValueKind,
): ConditionRow {
  const base = {
    key: row.key,
    ...(row.field ? { field: row.field } : {}),
    ...(rule ? { rule } : {}),
  };
  let val = row.val;
  if (rule === 'in' && row.rule !== 'in' && val !== undefined) {
    if (kind === 'options') val = Array.isArray(val) ? val : [String(val)];
    else if (typeof val === 'number') val = String(val);
  } else if (rule !== 'in' && row.rule === 'in') {
    val = firstValue(val, kind);
  }
  return val === undefined ? base : { ...base, val };
}

/** How the request names a kind's values (jeecg sends the field's type; dates make it parse). */
function typeOf(kind: ValueKind): Pick<SuperQueryCondition, 'type' | 'dbType'> {
  switch (kind) {
    case 'date':
    case 'datetime':
      return { type: kind };
    case 'number':
      return { type: 'number', dbType: 'double' };
    default:
      return { type: 'string' };
  }
}

/** The non-empty rows as conditions; rows on a field that is no longer offered are dropped. */
export function conditionsOf(
  rows: readonly ConditionRow[],
  kindOf: (field: string) => ValueKind | undefined,
): SuperQueryCondition[] {
  const conditions: SuperQueryCondition[] = [];
  for (const row of rows) {
    if (isEmptyRow(row)) continue;
    const kind = kindOf(row.field!);
    if (!kind) continue;
    const val = Array.isArray(row.val)
      ? (row.val as readonly string[]).filter((v) => v.trim() !== '')
      : typeof row.val === 'string'
        ? row.val.trim()
        : row.val!;
    conditions.push({ field: row.field!, rule: row.rule!, val, ...typeOf(kind) });
  }
  return conditions;
}

/** The list parameters of the conditions in force: none without any. */
export function superQueryParams(active: ActiveQuery | null): Record<string, string> {
  if (!active || active.conditions.length === 0) return {};
  return {
    superQueryParams: encodeURI(JSON.stringify(active.conditions)),
    superQueryMatchType: active.matchType,
  };
}
