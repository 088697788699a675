/**
 * Cell rules compiled once per column (§5): each rule becomes checks in a fixed order (required,
 * unique, pattern, handler) sharing the rule's message, with `${title}`, `${key}` and
 * `${defaultValue}` already filled in. The validators then run without building anything per cell.
 */
import {
  MSG_PATTERN,
  MSG_REQUIRED,
  PATTERN_PRESETS,
  REQUIRED_PRESET,
  UNIQUE_PRESET,
  patternRegex,
} from '../../../../src/contracts/validate-presets';
import type { GridColumn, GridRule } from '../../types';
import { MSG_UNIQUE } from '../constants';

/** Kinds of check, as small numbers compared in the hot loop. */
export const CheckKind = { Required: 0, Unique: 1, Pattern: 2, Handler: 3 } as const;
export type CheckKind = (typeof CheckKind)[keyof typeof CheckKind];

export type RuleHandler = NonNullable<GridRule['handler']>;

/** One check. Every field is always present so the objects share one shape. */
export interface Check {
  readonly kind: CheckKind;
  readonly message: string;
  readonly regex: RegExp | null;
  readonly handler: RuleHandler | null;
}

export interface CompiledColumn {
  readonly column: GridColumn;
  readonly key: string;
  readonly checks: readonly Check[];
  /** A unique / `only` check: values are counted across all rows first. */
  readonly hasUnique: boolean;
  /** A handler: the column is validated on the (slower) async path. */
  readonly hasHandler: boolean;
}

/** A rule message with `${title}`, `${key}` and `${defaultValue}` filled in. */
export function fillMessage(template: string, column: GridColumn): string {
  const d = column.defaultValue;
  const defaultText = d === undefined || d === null ? '' : String(d);
  return template
    .replace(/\$\{title\}/g, column.title)
    .replace(/\$\{key\}/g, column.key)
    .replace(/\$\{defaultValue\}/g, defaultText);
}

function check(kind: CheckKind, message: string, regex: RegExp | null = null): Check {
  return { kind, message, regex, handler: null };
}

function checksOf(rule: GridRule, column: GridColumn): Check[] {
  const out: Check[] = [];
  const msg = (fallback: string) => fillMessage(rule.message ?? fallback, column);
  const { pattern } = rule;
  if (rule.required || pattern === REQUIRED_PRESET) {
    out.push(check(CheckKind.Required, msg(MSG_REQUIRED)));
  }
  if (rule.unique || pattern === UNIQUE_PRESET) out.push(check(CheckKind.Unique, msg(MSG_UNIQUE)));
  if (pattern !== undefined && pattern !== REQUIRED_PRESET && pattern !== UNIQUE_PRESET) {
    // A pattern that is not a valid regular expression checks nothing (the page checker
    // reports it); it must not break the grid.
    const regex = patternRegex(pattern);
    const fallback = PATTERN_PRESETS[pattern]?.message ?? MSG_PATTERN;
    if (regex) out.push(check(CheckKind.Pattern, msg(fallback), regex));
  }
  if (rule.handler) {
    out.push({
      kind: CheckKind.Handler,
      message: msg(MSG_PATTERN),
      regex: null,
      handler: rule.handler,
    });
  }
  return out;
}

/**
 * The checks of every column that has rules: its own validateRules, then the grid's
 * `editRules` for its key. Columns without rules are left out.
 */
export function compileColumns(
  columns: readonly GridColumn[],
  editRules?: Readonly<Record<string, readonly GridRule[]>>,
): CompiledColumn[] {
  const out: CompiledColumn[] = [];
  for (const column of columns) {
    const rules = [...(column.validateRules ?? []), ...(editRules?.[column.key] ?? [])];
    if (rules.length === 0) continue;
    const checks = rules.flatMap((rule) => checksOf(rule, column));
    if (checks.length === 0) continue;
    out.push({
      column,
      key: column.key,
      checks,
      hasUnique: checks.some((c) => c.kind === CheckKind.Unique),
      hasHandler: checks.some((c) => c.kind === CheckKind.Handler),
    });
  }
  return out;
}
