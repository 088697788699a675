import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from './errors';
import { wallTimeToEpoch } from './time';

/**
 * Conditions of the list-query translator (list-query.ts): one typed field compared with one
 * request value. Values are always bound parameters, cast to the field's type in SQL text
 * that is fixed here; the column reference comes from the server's entity description.
 */

/** How a field's values are parsed and compared. */
export type ListFieldType = 'string' | 'integer' | 'number' | 'date' | 'datetime' | 'boolean';

export type Comparison = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type LikeMode = 'like' | 'left_like' | 'right_like';

/** A field as the conditions see it: its request name, column reference and type. */
export interface ConditionTarget {
  readonly name: string;
  readonly ref: RawBuilder<unknown>;
  readonly type: ListFieldType;
}

/** Request text cut for messages. */
export function clip(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function refuse(target: ConditionTarget, what: string, value: string) {
  return badRequest(`查询条件“${target.name}”的值不是有效的${what}：${clip(value)}`);
}

const INTEGER = /^[+-]?\d{1,19}$/;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
const NUMBER = /^[+-]?(\d{1,60}(\.\d{0,40})?|\.\d{1,40})([eE][+-]?\d{1,3})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function validDate(y: number, m: number, d: number): boolean {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/** A datetime value covers the unit it was written to: a day, a minute or a second. */
interface Span {
  readonly start: RawBuilder<unknown>;
  readonly end: RawBuilder<unknown>;
}

function instant(epochMs: number): RawBuilder<unknown> {
  return sql`cast(${new Date(epochMs).toISOString()} as timestamptz)`;
}

function datetimeSpan(target: ConditionTarget, value: string, timeZone: string): Span {
  const m = DATETIME.exec(value);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const h = m?.[4] === undefined ? 0 : Number(m[4]);
  const mi = m?.[5] === undefined ? 0 : Number(m[5]);
  const s = m?.[6] === undefined ? 0 : Number(m[6]);
  if (!m || !validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) {
    throw refuse(target, '日期时间（yyyy-MM-dd HH:mm:ss）', value);
  }
  const start = wallTimeToEpoch([y, mo, d, h, mi, s], timeZone);
  let end: number;
  if (m[4] === undefined) {
    // The next midnight, read in the zone: a day is not always 24 hours.
    const next = new Date(Date.UTC(y, mo - 1, d + 1));
    end = wallTimeToEpoch(
      [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, 0],
      timeZone,
    );
  } else {
    end = start + (m[6] === undefined ? 60_000 : 1_000);
  }
  return { start: instant(start), end: instant(end) };
}

/** The request value as a bound, typed SQL value (not for datetime fields). */
export function bindValue(target: ConditionTarget, value: string): RawBuilder<unknown> {
  switch (target.type) {
    case 'string':
      return sql`${value}`;
    case 'integer': {
      if (!INTEGER.test(value)) throw refuse(target, '整数', value);
      const n = BigInt(value);
      if (n < INT8_MIN || n > INT8_MAX) throw refuse(target, '整数', value);
      return sql`cast(${n.toString()} as bigint)`;
    }
    case 'number':
      if (!NUMBER.test(value)) throw refuse(target, '数字', value);
      return sql`cast(${value} as numeric)`;
    case 'date': {
      const m = DATE.exec(value);
      if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
        throw refuse(target, '日期（yyyy-MM-dd）', value);
      }
      return sql`cast(${value} as date)`;
    }
    case 'boolean': {
      const v = value.toLowerCase();
      if (v !== 'true' && v !== 'false' && v !== '1' && v !== '0') {
        throw refuse(target, '布尔值（true/false）', value);
      }
      return sql`cast(${v === 'true' || v === '1'} as boolean)`;
    }
    case 'datetime':
      throw new Error('datetime values are spans; use compare()');
  }
}

/** `field <op> value`; a datetime value compares as the whole second, minute or day written. */
export function compare(
  target: ConditionTarget,
  op: Comparison,
  value: string,
  timeZone: string,
): RawBuilder<SqlBool> {
  const col = target.ref;
  if (target.type === 'datetime') {
    const { start, end } = datetimeSpan(target, value, timeZone);
    switch (op) {
      case 'eq':
        return sql<SqlBool>`(${col} >= ${start} and ${col} < ${end})`;
      case 'ne':
        return sql<SqlBool>`(${col} < ${start} or ${col} >= ${end})`;
      case 'gt':
        return sql<SqlBool>`${col} >= ${end}`;
      case 'ge':
        return sql<SqlBool>`${col} >= ${start}`;
      case 'lt':
        return sql<SqlBool>`${col} < ${start}`;
      case 'le':
        return sql<SqlBool>`${col} < ${end}`;
    }
  }
  const v = bindValue(target, value);
  switch (op) {
    case 'eq':
      return sql<SqlBool>`${col} = ${v}`;
    case 'ne':
      return sql<SqlBool>`${col} <> ${v}`;
    case 'gt':
      return sql<SqlBool>`${col} > ${v}`;
    case 'ge':
      return sql<SqlBool>`${col} >= ${v}`;
    case 'lt':
      return sql<SqlBool>`${col} < ${v}`;
    case 'le':
      return sql<SqlBool>`${col} <= ${v}`;
  }
}

/** At most this many values in one `in` list or comma filter. */
export const MAX_LIST_VALUES = 1000;

/** `field in (a, b, …)`; datetime values each cover their unit. */
export function isIn(
  target: ConditionTarget,
  values: readonly string[],
  timeZone: string,
): RawBuilder<SqlBool> {
  if (values.length > MAX_LIST_VALUES) {
    throw badRequest(`查询条件“${target.name}”的值过多（最多${MAX_LIST_VALUES}个）`);
  }
  if (target.type === 'datetime') {
    return anyOf(values.map((v) => compare(target, 'eq', v, timeZone)));
  }
  const bound = values.map((v) => bindValue(target, v));
  return sql<SqlBool>`${target.ref} in (${sql.join(bound)})`;
}

/** `%`, `_` and `\` match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Text match: contains (`like`), ends with (`left_like`) or starts with (`right_like`). */
export function like(target: ConditionTarget, mode: LikeMode, value: string): RawBuilder<SqlBool> {
  if (target.type !== 'string') {
    throw badRequest(`查询条件“${target.name}”不是文本字段，不能模糊查询`);
  }
  const text = escapeLike(value);
  const pattern = mode === 'like' ? `%${text}%` : mode === 'left_like' ? `%${text}` : `${text}%`;
  return sql<SqlBool>`${target.ref} like ${pattern} escape '\\'`;
}

export function allOf(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (conditions.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

export function anyOf(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (conditions.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}
