import type { FieldCondition } from '../../src/contracts/page';
import { isEmptyValue } from '../../src/contracts/validate-presets';

/**
 * Whether a value meets a condition (`{ field, operator, value }`): linkages test a form value,
 * row actions (`when`) a row value. Values compare as text (`1` equals `'1'`; a list as its
 * comma-joined text); `gt` / `lt` compare numbers and fail on anything that is not one.
 */

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

export function conditionHolds(when: FieldCondition, value: unknown): boolean {
  const expected = when.value;
  switch (when.operator) {
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
