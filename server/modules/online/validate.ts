import {
  MSG_PATTERN,
  MSG_REQUIRED,
  PATTERN_PRESETS,
  REQUIRED_PRESET,
  UNIQUE_PRESET,
  isEmptyValue,
  ruleMessage,
} from '../../../src/contracts/validate-presets';
import { linearRegex } from '../../../src/contracts/linear-regex';
import type { ValidateRule } from '../../../src/contracts/page';
import { coerce, type SqlValue } from './coerce';
import { prepareFileInput } from './file-values';
import type { OnlineColumn, OnlineTable } from './table';

/**
 * A record (request body or spreadsheet row) checked against the page definition: only the
 * writable fields are taken, each coerced to its column type, then `required` (and `*`),
 * not-null columns, the string column length and `pattern` rules (presets, or regular
 * expressions run in linear time: `linear-regex.ts`). File and rich-text values are prepared
 * first (file-values.ts: html sanitised, paths bounded); `unique` and whether the files exist
 * are checked against the database by the caller.
 * Messages name the field label; a rule's own message wins.
 */

export interface CheckedRecord {
  /**
   * Values to write, aligned with `table.writable`; `undefined` where an edit leaves the
   * stored value (the body does not hold the field) or the field failed.
   */
  readonly values: readonly (SqlValue | undefined)[];
  /** The first failing rule of each field, in field order. */
  readonly errors: readonly string[];
}

/** A stored pattern the server cannot run in linear time (look-around, back-references). */
export const msgPatternUnsupported = (label: string) =>
  `${label}的校验规则无法在服务器执行，请联系管理员`;

function rulesOf(column: OnlineColumn): readonly ValidateRule[] {
  return column.field?.validateRules ?? [];
}

export function isRequired(column: OnlineColumn): boolean {
  return rulesOf(column).some((r) => r.required === true || r.pattern === REQUIRED_PRESET);
}

/** Columns whose values must not repeat (`unique: true` or the `only` preset). */
export function uniqueColumns(table: OnlineTable): OnlineColumn[] {
  return table.writable.filter((c) =>
    rulesOf(c).some((r) => r.unique === true || r.pattern === UNIQUE_PRESET),
  );
}

function message(rule: ValidateRule, fallback: string, column: OnlineColumn): string {
  return ruleMessage(rule.message ?? fallback, column.label, column.name);
}

/** `${label}不能为空` or the required rule's own message. */
export function requiredMessage(column: OnlineColumn): string {
  const rule = rulesOf(column).find((r) => r.required === true || r.pattern === REQUIRED_PRESET);
  return message(rule ?? {}, MSG_REQUIRED, column);
}

function inputText(input: unknown): string {
  if (Array.isArray(input)) return input.join(',');
  return String(input);
}

/** The pattern rule's answer on the server: presets by their own regex, the rest in linear time. */
function patternPasses(pattern: string, text: string): boolean | 'unsupported' {
  const preset = PATTERN_PRESETS[pattern];
  if (preset) return preset.regex.test(text);
  const regex = linearRegex(pattern);
  return regex ? regex.test(text) : 'unsupported';
}

function patternError(column: OnlineColumn, input: unknown): string | null {
  const text = inputText(input);
  for (const rule of rulesOf(column)) {
    if (rule.pattern === undefined) continue;
    if (rule.pattern === REQUIRED_PRESET || rule.pattern === UNIQUE_PRESET) continue;
    const passes = patternPasses(rule.pattern, text);
    if (passes === true) continue;
    // Saving refuses such a pattern; one stored before that was checked fails closed.
    if (passes === 'unsupported') return msgPatternUnsupported(column.label);
    const preset = PATTERN_PRESETS[rule.pattern];
    return message(rule, preset ? `\${title}：${preset.message}` : MSG_PATTERN, column);
  }
  return null;
}

function lengthOf(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function fieldError(
  column: OnlineColumn,
  input: unknown,
  value: SqlValue,
  coerceError: string | null,
  rules: boolean,
): string | null {
  if (coerceError) return coerceError;
  if (isEmptyValue(input) || value === null) {
    if (rules && isRequired(column)) return requiredMessage(column);
    if (!column.nullable) return ruleMessage(MSG_REQUIRED, column.label);
    return null;
  }
  if (column.length !== null && typeof value === 'string' && lengthOf(value) > column.length) {
    return `${column.label}的长度不能超过${column.length}个字符`;
  }
  return rules ? patternError(column, input) : null;
}

/**
 * Checks a record. `add` takes every writable field (absent = empty); `edit` only the fields
 * present in the input, so a partial body leaves the others as stored. `rules: false` (an
 * import with 是否开启校验 off) skips the page's required and pattern rules; what the column
 * itself demands (its type, not null, its length) is still checked.
 */
export function checkRecord(
  table: OnlineTable,
  input: Readonly<Record<string, unknown>>,
  mode: 'add' | 'edit',
  timeZone: string,
  rules = true,
): CheckedRecord {
  const values: (SqlValue | undefined)[] = [];
  const errors: string[] = [];
  for (const column of table.writable) {
    const present = Object.hasOwn(input, column.name);
    values.push(undefined);
    if (mode === 'edit' && !present) continue;
    // File values trimmed and bounded, html sanitised, before any rule sees them.
    const prepared = prepareFileInput(column, present ? input[column.name] : undefined);
    const raw = prepared.ok ? prepared.value : undefined;
    const coerced = coerce(column, raw, timeZone);
    const value = coerced.ok ? coerced.value : null;
    const error = prepared.ok
      ? fieldError(column, raw, value, coerced.ok ? null : coerced.message, rules)
      : prepared.message;
    if (error) errors.push(error);
    else values[values.length - 1] = value;
  }
  return { values, errors };
}

/** A value's identity for duplicate checks (numbers compare by value, not by text). */
export function uniqueKey(column: OnlineColumn, value: SqlValue): string {
  if (value === null) return '';
  const numeric = column.type === 'int' || column.type === 'bigint' || column.type === 'decimal';
  return numeric ? String(Number(value)) : String(value);
}

export function duplicateMessage(column: OnlineColumn, value: SqlValue): string {
  const rule = rulesOf(column).find((r) => r.unique === true || r.pattern === UNIQUE_PRESET);
  const text = String(value);
  return rule?.message
    ? ruleMessage(rule.message, column.label, column.name)
    : `${column.label}的值已存在：${text.length > 64 ? `${text.slice(0, 64)}…` : text}`;
}
