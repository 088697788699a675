import { wallTimeToEpoch } from '../../http/time';
import type { OnlineColumn } from './table';

/**
 * One request (or spreadsheet) value → the value bound for its column, by the column type.
 * Numbers keep their text so bigint and decimal values stay exact; date-times become instants
 * (written in APP_TIMEZONE). Empty input is null.
 */

export type SqlValue = string | number | boolean | null;

export type Coerced =
  | { readonly ok: true; readonly value: SqlValue }
  | { readonly ok: false; readonly message: string };

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;
const DATETIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;
const INT_RANGE: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  bigint: [-(2n ** 63n), 2n ** 63n - 1n],
};
const TRUE = new Set(['true', '1', 'y', 'yes', '是']);
const FALSE = new Set(['false', '0', 'n', 'no', '否']);

const ok = (value: SqlValue): Coerced => ({ ok: true, value });
const bad = (message: string): Coerced => ({ ok: false, message });

function validDate(y: number, m: number, d: number): boolean {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Text of a scalar, a comma list of an array of scalars, or null when it is neither. */
function textOf(input: unknown): string | null {
  if (typeof input === 'string') return input;
  if (typeof input === 'number' && Number.isFinite(input)) return String(input);
  if (typeof input === 'boolean') return String(input);
  if (Array.isArray(input) && input.every((v) => ['string', 'number'].includes(typeof v))) {
    return input.join(',');
  }
  return null;
}

function integer(column: OnlineColumn, text: string): Coerced {
  if (!INTEGER.test(text)) return bad(`${column.label}必须是整数`);
  const [min, max] = INT_RANGE[column.type]!;
  const n = BigInt(text);
  if (n < min || n > max) return bad(`${column.label}超出范围`);
  return ok(n.toString());
}

function decimal(column: OnlineColumn, text: string): Coerced {
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return bad(`${column.label}必须是数字`);
  const whole = m[2]!.replace(/^0+(?=\d)/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const scale = column.scale ?? 0;
  if (fraction.length > scale) {
    return bad(scale === 0 ? `${column.label}必须是整数` : `${column.label}最多${scale}位小数`);
  }
  if (whole !== '0' && whole.length > (column.precision ?? 18) - scale) {
    return bad(`${column.label}超出范围`);
  }
  return ok(`${m[1] === '-' ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
}

function date(column: OnlineColumn, text: string): Coerced {
  const m = DATE.exec(text);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || !validDate(y, mo, d)) return bad(`${column.label}不是有效的日期（yyyy-MM-dd）`);
  return ok(`${y}-${pad(mo)}-${pad(d)}`);
}

function datetime(column: OnlineColumn, text: string, timeZone: string): Coerced {
  const m = DATETIME.exec(text);
  const f = m ? [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) : [];
  const [y, mo, d, h, mi, s] = f as [number, number, number, number, number, number];
  if (!m || !validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) {
    return bad(`${column.label}不是有效的日期时间（yyyy-MM-dd HH:mm:ss）`);
  }
  return ok(new Date(wallTimeToEpoch([y, mo, d, h, mi, s], timeZone)).toISOString());
}

/** The value for the column, or why it cannot be one. */
export function coerce(column: OnlineColumn, input: unknown, timeZone: string): Coerced {
  if (input === undefined || input === null) return ok(null);
  const raw = textOf(input);
  if (raw === null) return bad(`${column.label}的值格式不正确`);
  if (column.type === 'string' || column.type === 'text') return ok(raw === '' ? null : raw);
  const text = raw.trim();
  if (text === '') return ok(null);
  switch (column.type) {
    case 'int':
    case 'bigint':
      return integer(column, text);
    case 'decimal':
      return decimal(column, text);
    case 'date':
      return date(column, text);
    case 'datetime':
      return datetime(column, text, timeZone);
    case 'boolean': {
      const v = text.toLowerCase();
      if (TRUE.has(v)) return ok(true);
      if (FALSE.has(v)) return ok(false);
      return bad(`${column.label}只能是“是”或“否”`);
    }
  }
}
