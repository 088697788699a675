import type { ColumnType } from '../../../src/contracts/page';
import type { ColumnSpec } from './ddl';

/**
 * Which column type changes PostgreSQL makes without losing or refusing data: widening a
 * string, growing a decimal, int → bigint/decimal, date → datetime, and anything → text (or a
 * string long enough for every value of the old type). Everything else is refused.
 */

export type TypeChange =
  | { readonly kind: 'same' }
  | { readonly kind: 'alter' }
  | { readonly kind: 'refuse'; readonly message: string };

const SAME: TypeChange = { kind: 'same' };
const ALTER: TypeChange = { kind: 'alter' };

/** Longest text of a value of each type, for a conversion to varchar(n). */
function longestText(column: ColumnSpec): number | null {
  switch (column.type) {
    case 'int':
      return 11; // -2147483648
    case 'bigint':
      return 20; // -9223372036854775808
    case 'decimal':
      return (column.precision ?? 18) + 2; // sign and point
    case 'date':
      return 10; // 2024-01-31 (ISO DateStyle)
    case 'boolean':
      return 5; // false
    default:
      return null;
  }
}

function integerDigits(column: ColumnSpec): number {
  return (column.precision ?? 18) - (column.scale ?? 2);
}

/** Integer digits a decimal needs to hold every value of an integer type. */
const INTEGER_DIGITS: Partial<Record<ColumnType, number>> = { int: 10, bigint: 19 };

function widening(from: ColumnSpec, to: ColumnSpec): boolean {
  if (to.type === 'text') return from.type !== 'other';
  if (to.type === 'string') {
    const longest = longestText(from);
    return longest !== null && (to.length ?? 255) >= longest;
  }
  if (from.type === 'int' && to.type === 'bigint') return true;
  if (to.type === 'decimal') {
    const needed = INTEGER_DIGITS[from.type as ColumnType];
    return needed !== undefined && integerDigits(to) >= needed;
  }
  return from.type === 'date' && to.type === 'datetime';
}

/** What changing `from` into `to` takes, or why it is refused (Chinese). */
export function typeChange(from: ColumnSpec, to: ColumnSpec): TypeChange {
  const name = to.name;
  if (from.type === 'other') {
    if (from.sqlType === to.sqlType) return SAME;
    return {
      kind: 'refuse',
      message: `列 ${name} 的现有类型 ${from.sqlType} 不是在线表支持的类型，不能改为 ${to.sqlType}`,
    };
  }
  if (from.type === to.type) {
    if (from.sqlType === to.sqlType) return SAME;
    if (to.type === 'string') {
      if ((to.length ?? 0) > (from.length ?? 0)) return ALTER;
      return {
        kind: 'refuse',
        message: `列 ${name} 的长度不能从 ${from.length} 缩短为 ${to.length}（已有数据可能被截断）`,
      };
    }
    if (to.type === 'decimal') {
      const keepsScale = (to.scale ?? 0) >= (from.scale ?? 0);
      if (keepsScale && integerDigits(to) >= integerDigits(from)) return ALTER;
      return {
        kind: 'refuse',
        message: `列 ${name} 的精度不能从 ${from.sqlType} 改为 ${to.sqlType}（已有数据可能溢出或丢失小数）`,
      };
    }
    return SAME;
  }
  if (widening(from, to)) return ALTER;
  return {
    kind: 'refuse',
    message: `列 ${name} 的类型不能从 ${from.sqlType} 改为 ${to.sqlType}（PostgreSQL 无法安全转换已有数据）`,
  };
}
