import type { RawBuilder, SqlBool } from 'kysely';
import { badRequest } from './errors';
import { assertLegalDecoded } from './text-guard';
import {
  allOf,
  anyOf,
  clip,
  compare,
  isIn,
  like,
  type Comparison,
  type ConditionTarget,
} from './list-conditions';

/**
 * The advanced query (jeecg-api.md §1.5 rule 5): `superQueryParams`, a JSON array (possibly
 * still URI-encoded) of `{field, rule, val, type?, dbType?}`, joined by `superQueryMatchType`
 * (`and` by default, or `or`) into one parenthesised group. The field's type comes from the
 * server's entity; `type` / `dbType` are only checked to be plain names and otherwise ignored.
 */

export const MSG_SUPER_QUERY_FORMAT = '高级查询参数格式错误';
const MAX_SUPER_QUERY_LENGTH = 20_000;
const MAX_CONDITIONS = 50;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

const COMPARISONS: Readonly<Record<string, Comparison>> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'gt',
  ge: 'ge',
  lt: 'lt',
  le: 'le',
};
const LIKES = new Set(['like', 'left_like', 'right_like'] as const);

type Scalar = string | number | boolean;

function decodeList(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // The browser sends encodeURI(JSON); a client that encoded once more arrives here.
  }
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    throw badRequest(MSG_SUPER_QUERY_FORMAT);
  }
}

/** The decoded conditions, every value at any depth through the text guard. */
function parseList(raw: string): unknown {
  const list = decodeList(raw);
  assertLegalDecoded(list, 'superQueryParams');
  return list;
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The condition's values as text; empty items dropped. */
function valuesOf(val: unknown): string[] {
  if (val === null || val === undefined) return [];
  if (isScalar(val)) {
    const text = String(val).trim();
    return text === '' ? [] : [text];
  }
  if (Array.isArray(val) && val.every(isScalar)) {
    return val.map((v) => String(v).trim()).filter((v) => v !== '');
  }
  throw badRequest(MSG_SUPER_QUERY_FORMAT);
}

function checkTypeName(value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  if (typeof value !== 'string' || !TYPE_NAME.test(value)) {
    throw badRequest(`不支持的字段类型：${clip(String(value))}`);
  }
}

/**
 * The advanced-query group, or null when there are no (non-empty) conditions.
 * `target` resolves a field name through the entity and refuses unknown names.
 */
export function superQueryCondition(
  rawParams: string,
  rawMatchType: string | undefined,
  target: (name: string) => ConditionTarget,
  timeZone: string,
): RawBuilder<SqlBool> | null {
  const matchType = (rawMatchType ?? '').trim().toLowerCase() || 'and';
  if (matchType !== 'and' && matchType !== 'or') {
    throw badRequest('superQueryMatchType 只能是 and 或 or');
  }
  if (rawParams.trim() === '') return null;
  if (rawParams.length > MAX_SUPER_QUERY_LENGTH) throw badRequest('高级查询参数过长');
  const list = parseList(rawParams);
  if (!Array.isArray(list)) throw badRequest(MSG_SUPER_QUERY_FORMAT);
  if (list.length > MAX_CONDITIONS) {
    throw badRequest(`高级查询条件过多（最多${MAX_CONDITIONS}个）`);
  }

  const conditions: RawBuilder<SqlBool>[] = [];
  for (const item of list as unknown[]) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw badRequest(MSG_SUPER_QUERY_FORMAT);
    }
    const { field, rule, val, type, dbType } = item as Record<string, unknown>;
    if (typeof field !== 'string' || typeof rule !== 'string') {
      throw badRequest(MSG_SUPER_QUERY_FORMAT);
    }
    const at = target(field);
    const comparison = Object.hasOwn(COMPARISONS, rule) ? COMPARISONS[rule] : undefined;
    const likeMode = LIKES.has(rule as 'like') ? (rule as 'like') : undefined;
    if (!comparison && !likeMode && rule !== 'in') {
      throw badRequest(`不支持的查询规则：${clip(rule)}`);
    }
    checkTypeName(type);
    checkTypeName(dbType);

    const values = valuesOf(val);
    if (values.length === 0) continue;
    if (rule === 'in') {
      // A JSON list already separates its items (`["a,b"]` is one value); a single text keeps
      // the reference's comma list (`"a,b"` is two).
      const items = (Array.isArray(val) ? values : values.flatMap((v) => v.split(',')))
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length > 0) conditions.push(isIn(at, items, timeZone));
      continue;
    }
    if (values.length > 1) throw badRequest(MSG_SUPER_QUERY_FORMAT);
    const value = values[0]!;
    conditions.push(
      likeMode ? like(at, likeMode, value) : compare(at, comparison!, value, timeZone),
    );
  }
  if (conditions.length === 0) return null;
  return matchType === 'or' ? anyOf(conditions) : allOf(conditions);
}
