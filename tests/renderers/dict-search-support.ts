/**
 * A fake server for the searchable dictionaries: `loadDict` and `loadDictItem` of one table
 * dictionary over 25 customers (the first page of 10 holds c01…c10), every call recorded.
 */
import { vi } from 'vitest';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';

export const CUSTOMERS = 'demo_customer,name,id';
/** 25 customers: the first page (10) holds c01…c10. */
export const ROWS = Array.from({ length: 25 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { value: `c${n}`, text: `客户${n}` };
});

interface Call {
  readonly url: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A server answering loadDict / loadDictItem over ROWS; `refuse` answers a failure. */
export function fakeDictHttp(refuse?: string) {
  const calls: Call[] = [];
  const get = vi.fn(async (url: string, params?: object) => {
    const p = (params ?? {}) as Record<string, unknown>;
    calls.push({ url, params: p });
    if (refuse) return envelope(null, { success: false, code: 510, message: refuse });
    if (url === `/sys/dict/loadDict/${encodeURIComponent(CUSTOMERS)}`) {
      const keyword = String(p.keyword ?? '');
      const hits = ROWS.filter((r) => r.text.includes(keyword));
      return envelope(hits.slice(0, Number(p.pageSize)));
    }
    if (url === `/sys/dict/loadDictItem/${encodeURIComponent(CUSTOMERS)}`) {
      const keys = String(p.key).split(',');
      return envelope(keys.map((k) => ROWS.find((r) => r.value === k)?.text ?? k));
    }
    throw new Error(`unexpected call ${url}`);
  });
  const no = () => Promise.reject(new Error('not used'));
  const http = { get, post: no, put: no, delete: no, blob: no } as unknown as Http;
  const of = (path: string) => calls.filter((c) => c.url.startsWith(path));
  return {
    http,
    searches: () => of('/sys/dict/loadDict/'),
    names: () => of('/sys/dict/loadDictItem/'),
  };
}
