import type { DictMap, DictOption } from '../contracts/dict';
import { MSG_DICT_CODE_EMPTY, isTableDictCode } from '../contracts/dict';
import { CACHE_TTL_MS, CacheKey } from './constants';
import type { ExpiringCache } from './expiring-cache';
import type { SessionApi } from './api';

export const MSG_CACHE_REFRESHED = '刷新缓存完成！';
export const MSG_CACHE_REFRESH_FAILED = '刷新缓存失败！';

/**
 * Dictionaries in the browser. System dictionaries: all of them cached locally for 7 days, one
 * code at a time from the server when the cache lacks it. Table dictionaries
 * (`table,text,code`, e.g. `sys_position,name,code`) follow their table's rows, so they are
 * never stored: each use asks the server (one request while one is under way). Both come from
 * `getDictItems/{code}`; a table code travels encoded in the path and is signed as
 * `x-path-variable`. `text(code, value)` turns stored values into labels (comma lists item by
 * item).
 */
export interface Dictionaries {
  items(code: string): Promise<readonly DictOption[]>;
  text(code: string, value: string | number | null | undefined): Promise<string>;
  /** Server cache refresh, then a fresh copy of everything (the 清理缓存 action). */
  refresh(): Promise<void>;
}

export function createDictionaries(api: SessionApi, cache: ExpiringCache): Dictionaries {
  const cached = () => cache.get<DictMap>(CacheKey.DICTS) ?? {};
  const pending = new Map<string, Promise<readonly DictOption[]>>();

  async function items(code: string): Promise<readonly DictOption[]> {
    if (!code || !code.trim()) throw new Error(MSG_DICT_CODE_EMPTY);
    const table = isTableDictCode(code);
    const hit = table ? undefined : cached()[code];
    if (hit) return hit;
    let request = pending.get(code);
    if (!request) {
      request = api.dictItems(code).then((envelope) => {
        if (!envelope.success) return [];
        if (!table) {
          cache.set(CacheKey.DICTS, { ...cached(), [code]: envelope.result }, CACHE_TTL_MS);
        }
        return envelope.result;
      });
      pending.set(code, request);
      void request.finally(() => pending.delete(code));
    }
    return request;
  }

  return {
    items,
    async text(code, value) {
      if (value === null || value === undefined || value === '') return '';
      const options = await items(code);
      return String(value)
        .split(',')
        .map((v) => options.find((o) => o.value === v)?.text ?? v)
        .join(',');
    },
    async refresh() {
      const refreshed = await api.refreshDictCache();
      if (!refreshed.success) throw new Error(refreshed.message || MSG_CACHE_REFRESH_FAILED);
      const all = await api.allDictItems();
      if (!all.success) throw new Error(all.message || MSG_CACHE_REFRESH_FAILED);
      cache.set(CacheKey.DICTS, all.result, CACHE_TTL_MS);
    },
  };
}
