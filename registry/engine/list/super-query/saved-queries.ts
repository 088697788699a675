import type { QueryRule } from '../../../../src/contracts/page';
import { MATCH_TYPES, RULES, type MatchType, type SuperQueryCondition } from './model';

/**
 * Saved advanced queries: browser local storage only (widgets.md §7), one list per page under
 * `sa-super-query:<page code>` (or the route's path when the page has no code, §2). What is
 * stored is read back with care: bad JSON, or an entry of the wrong shape, is left out.
 */

export interface SavedQuery {
  readonly title: string;
  readonly matchType: MatchType;
  readonly records: readonly SuperQueryCondition[];
}

export const STORAGE_PREFIX = 'sa-super-query:';

/** The storage key of a page: its code, else the route's full path. */
export function storageKey(pageCode: string | null | undefined, path: string): string {
  return STORAGE_PREFIX + (pageCode || path);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readValue(val: unknown): SuperQueryCondition['val'] | undefined {
  if (typeof val === 'string' || (typeof val === 'number' && Number.isFinite(val))) return val;
  if (Array.isArray(val) && val.every((v) => typeof v === 'string')) return val as string[];
  return undefined;
}

function readCondition(item: unknown): SuperQueryCondition | null {
  if (!isObject(item)) return null;
  const { field, rule, val, type, dbType } = item;
  const value = readValue(val);
  if (typeof field !== 'string' || !RULES.includes(rule as QueryRule) || value === undefined) {
    return null;
  }
  return {
    field,
    rule: rule as QueryRule,
    val: value,
    type: typeof type === 'string' ? type : 'string',
    ...(typeof dbType === 'string' ? { dbType } : {}),
  };
}

function readQuery(item: unknown): SavedQuery | null {
  if (!isObject(item) || typeof item.title !== 'string' || !Array.isArray(item.records)) {
    return null;
  }
  const matchType = MATCH_TYPES.includes(item.matchType as MatchType)
    ? (item.matchType as MatchType)
    : 'and';
  const records = item.records.map(readCondition);
  if (records.some((r) => r === null)) return null;
  return { title: item.title, matchType, records: records as SuperQueryCondition[] };
}

/** The saved queries under a key; nothing (not an error) when storage holds no readable list. */
export function loadSavedQueries(key: string, storage: Storage = localStorage): SavedQuery[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map(readQuery).filter((q): q is SavedQuery => q !== null);
}

/** Writes the list; a full or refused storage loses the save rather than breaking the page. */
export function storeSavedQueries(
  key: string,
  queries: readonly SavedQuery[],
  storage: Storage = localStorage,
): boolean {
  try {
    storage.setItem(key, JSON.stringify(queries));
    return true;
  } catch {
    return false;
  }
}

/** The list with `query` in place of the one of the same title, or added at the end. */
export function withSaved(queries: readonly SavedQuery[], query: SavedQuery): SavedQuery[] {
  const at = queries.findIndex((q) => q.title === query.title);
  if (at < 0) return [...queries, query];
  return queries.map((q, i) => (i === at ? query : q));
}
