import type { Field, GeneralField } from '@formily/core';
import { isField } from '@formily/core';
import type { LinkageRule } from '../../../src/contracts/page';
import { isEmptyValue } from '../../../src/contracts/validate-presets';

/** A Formily reaction run on a target field whenever what it reads changes. */
export type FieldReaction = (field: GeneralField) => void;

function same(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  const text = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));
  return text(a) === text(b);
}

function compare(value: unknown, limit: unknown): number | null {
  const a = Number(value);
  const b = Number(limit);
  if (isEmptyValue(value) || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  return a - b;
}

/** Whether the watched field's value meets a rule's condition. */
export function conditionHolds(rule: LinkageRule, value: unknown): boolean {
  const expected = rule.when.value;
  switch (rule.when.operator) {
    case 'eq':
      return same(value, expected);
    case 'ne':
      return !same(value, expected);
    case 'in':
      return Array.isArray(expected) && expected.some((e) => same(value, e));
    case 'notIn':
      return !(Array.isArray(expected) && expected.some((e) => same(value, e)));
    case 'empty':
      return isEmptyValue(value);
    case 'notEmpty':
      return !isEmptyValue(value);
    case 'gt':
      return (compare(value, expected) ?? 0) > 0;
    case 'lt':
      return (compare(value, expected) ?? 0) < 0;
  }
}

/** Applies a state effect (and its opposite when the condition does not hold). */
function applyState(
  field: Field,
  rule: LinkageRule,
  holds: boolean,
  basePattern: Field['pattern'],
) {
  switch (rule.effect) {
    case 'show':
    case 'hide':
      // Hidden fields keep their value and are not validated.
      field.display = holds === (rule.effect === 'show') ? 'visible' : 'hidden';
      return;
    case 'enable':
    case 'disable':
      field.pattern = holds === (rule.effect === 'disable') ? 'disabled' : basePattern;
      return;
    case 'require':
    case 'optional':
      field.required = holds === (rule.effect === 'require');
      return;
    default:
      return;
  }
}

/**
 * Compiles the explicit linkage rules into reactions per target field. State effects (show /
 * hide, enable / disable, require / optional) follow the condition both ways; `setValue` and
 * `clear` act once on each transition into the condition (not on the first evaluation, so
 * opening a record never rewrites it). Detail views get no linkages but show / hide.
 */
export function linkageReactions(
  rules: readonly LinkageRule[],
  readPretty: boolean,
): Map<string, FieldReaction[]> {
  const byTarget = new Map<string, FieldReaction[]>();
  rules.forEach((rule) => {
    const stateOnly = ['show', 'hide'].includes(rule.effect);
    if (readPretty && !stateOnly) return;
    for (const target of rule.targets) {
      let previous: boolean | null = null;
      let basePattern: Field['pattern'] | null = null;
      const reaction: FieldReaction = (general) => {
        if (!isField(general)) return;
        const field = general;
        basePattern ??= field.pattern === 'disabled' ? 'editable' : field.pattern;
        const holds = conditionHolds(rule, field.form.getValuesIn(rule.when.field));
        if (rule.effect === 'setValue' || rule.effect === 'clear') {
          if (previous === false && holds) {
            field.value = rule.effect === 'setValue' ? rule.value : undefined;
          }
        } else {
          applyState(field, rule, holds, basePattern);
        }
        previous = holds;
      };
      byTarget.set(target, [...(byTarget.get(target) ?? []), reaction]);
    }
  });
  return byTarget;
}
