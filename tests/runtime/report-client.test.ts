import { describe, expect, it, vi } from 'vitest';
import type { Http } from '../../src/runtime/http';
import { createReportClient, REPORT_CACHE_MS } from '../../src/runtime/report-client';
import { reportRowKey, ROW_KEY_MAX } from '../../renderers/shared/report/row-key';
import { envelope, MemoryStorage } from './fakes';

/** The report calls (widgets.md §7): cached 30 s in local storage with a groupId only. */

function fakeHttp(success = true) {
  const get = vi.fn(async (url: string) =>
    success ? envelope({ url }) : envelope(null, { success: false, message: '报表不存在' }),
  );
  return { http: { get, blob: vi.fn() } as unknown as Http, get };
}

describe('report client', () => {
  it('keeps each answer of a group for 30 000 ms, per url and parameters', async () => {
    let now = 1_000;
    const { http, get } = fakeHttp();
    const client = createReportClient(http, { storage: new MemoryStorage(), now: () => now });
    expect(REPORT_CACHE_MS).toBe(30_000);
    await client.columns('demo', 'g');
    await client.queryInfo('r1', 'g');
    await client.data('r1', { pageNo: 1, pageSize: 10 }, 'g');
    now += 29_999;
    await client.columns('demo', 'g');
    await client.queryInfo('r1', 'g');
    await client.data('r1', { pageSize: 10, pageNo: 1 }, 'g');
    expect(get).toHaveBeenCalledTimes(3);
    // Other parameters or another group are other answers.
    await client.data('r1', { pageNo: 2, pageSize: 10 }, 'g');
    await client.columns('demo', 'other');
    expect(get).toHaveBeenCalledTimes(5);
    now += 1;
    await client.columns('demo', 'g');
    expect(get).toHaveBeenCalledTimes(6);
    expect(get.mock.calls.map((c) => c[0])).toContain('/online/cgreport/api/getRpColumns/demo');
  });

  it('asks every time without a groupId, and never keeps a failure', async () => {
    const storage = new MemoryStorage();
    const plain = fakeHttp();
    const client = createReportClient(plain.http, { storage });
    await client.columns('demo');
    await client.columns('demo');
    expect(plain.get).toHaveBeenCalledTimes(2);
    const failing = fakeHttp(false);
    const other = createReportClient(failing.http, { storage });
    await other.columns('demo', 'g');
    await other.columns('demo', 'g');
    expect(failing.get).toHaveBeenCalledTimes(2);
  });

  it('calls quietly: failures are the caller to show', async () => {
    const { http, get } = fakeHttp();
    await createReportClient(http, { storage: null }).data('r1', { name: 'x' }, 'g');
    expect(get).toHaveBeenCalledWith(
      '/online/cgreport/api/getData/r1',
      { name: 'x' },
      { silent: true },
    );
  });
});

describe('report row key', () => {
  it('is the id followed by the other values, cut at 50 characters', () => {
    expect(reportRowKey({ name: '客户01', id: 'c01', phone: '138' })).toBe('c01客户01138');
    const long = reportRowKey({ id: 'x'.repeat(40), note: 'y'.repeat(40) });
    expect(ROW_KEY_MAX).toBe(50);
    expect(long).toBe('x'.repeat(40) + 'y'.repeat(10));
    expect(reportRowKey({ name: 'a', n: null })).toBe('a');
  });
});
