import type { RawBuilder, SqlBool } from 'kysely';
import { parseFilter } from '../../src/contracts/list-filter';
import { badRequest } from './errors';
import {
  anyOf,
  compare,
  isIn,
  like,
  MAX_LIST_VALUES,
  type ConditionTarget,
} from './list-conditions';

/**
 * One plain list parameter (`field=value`) as a condition. The value is read by the shared
 * list-filter grammar (src/contracts/list-filter.ts: operators, comma lists, `*` wildcards,
 * backslash escapes); this only maps the typed filter onto the conditions of
 * list-conditions.ts, where every value is a bound parameter and LIKE text is escaped, so
 * `%` and `_` in the text match themselves. Contains-any (`,a,b,`) is `in` on a field that is
 * not text. Null when the value is empty (empty values are ignored).
 */
export function plainCondition(
  target: ConditionTarget,
  raw: string,
  timeZone: string,
): RawBuilder<SqlBool> | null {
  const filter = parseFilter(raw);
  if (!filter) return null;
  switch (filter.op) {
    case 'in':
    case 'like_any': {
      if (filter.values.length > MAX_LIST_VALUES) {
        throw badRequest(`查询条件“${target.name}”的值过多（最多${MAX_LIST_VALUES}个）`);
      }
      if (filter.op === 'like_any' && target.type === 'string') {
        return anyOf(filter.values.map((item) => like(target, 'like', item)));
      }
      return isIn(target, filter.values, timeZone);
    }
    case 'like':
    case 'left_like':
    case 'right_like':
      return like(target, filter.op, filter.value);
    default:
      return compare(target, filter.op, filter.value, timeZone);
  }
}
