import type { RawBuilder, SqlBool } from 'kysely';
import { badRequest } from './errors';
import {
  anyOf,
  compare,
  isIn,
  like,
  MAX_LIST_VALUES,
  type Comparison,
  type ConditionTarget,
} from './list-conditions';

/**
 * One plain list parameter (`field=value`) as a condition, by the value's shape
 * (jeecg-api.md §1.5, with the operators accepted with or without a space after them):
 *
 * | value          | condition                                    |
 * | -------------- | -------------------------------------------- |
 * | `x`, `*`       | equals                                       |
 * | `*x*` `*x` `x*`| contains / ends with / starts with (text)     |
 * | `!x`, `!=x`    | not equal                                    |
 * | `>=x` `<=x` `>x` `<x` | comparisons                           |
 * | `a,b,c`        | in (empty items dropped, so `a,b,` works too) |
 * | `,a,b,`        | text: contains a or contains b; else in      |
 *
 * Null when the value is empty (empty values are ignored).
 */
export function plainCondition(
  target: ConditionTarget,
  raw: string,
  timeZone: string,
): RawBuilder<SqlBool> | null {
  const value = raw.trim();
  if (value === '') return null;

  const operator = /^(>=|<=|!=|>|<|!)\s*/.exec(value);
  if (operator) {
    const operand = value.slice(operator[0].length).trim();
    if (operand === '') return null;
    const op: Comparison =
      operator[1] === '>='
        ? 'ge'
        : operator[1] === '<='
          ? 'le'
          : operator[1] === '>'
            ? 'gt'
            : operator[1] === '<'
              ? 'lt'
              : 'ne';
    return compare(target, op, operand, timeZone);
  }

  if (value.includes(',')) {
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (items.length === 0) return null;
    if (items.length > MAX_LIST_VALUES) {
      throw badRequest(`查询条件“${target.name}”的值过多（最多${MAX_LIST_VALUES}个）`);
    }
    const likeEach = value.startsWith(',') && value.endsWith(',') && target.type === 'string';
    if (likeEach) return anyOf(items.map((item) => like(target, 'like', item)));
    return isIn(target, items, timeZone);
  }

  if (value.length > 1 && value.startsWith('*') && value.endsWith('*')) {
    return like(target, 'like', value.slice(1, -1));
  }
  if (value.length > 1 && value.startsWith('*')) {
    return like(target, 'left_like', value.slice(1));
  }
  if (value.length > 1 && value.endsWith('*')) {
    return like(target, 'right_like', value.slice(0, -1));
  }
  return compare(target, 'eq', value, timeZone);
}
