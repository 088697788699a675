/**
 * A fake online report (客户选择 over 25 customers) behind a fake http client, for the report
 * picker, the popup and the report screen: columns, query fields, paged, filtered and sorted
 * data, every call recorded in order.
 */
import { vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';

export const REPORT_CODE = 'customer_pick';
export const REPORT_ID = 'rp1';
export const REPORT_NAME = '客户选择';
const API = '/online/cgreport/api';

export const CUSTOMERS = Array.from({ length: 25 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { id: `c${n}`, name: `客户${n}`, phone: `1380000${n}00`, level: i % 2 === 0 ? '1' : '2' };
});

export const HEAD = {
  cgRpConfigId: REPORT_ID,
  cgRpConfigName: REPORT_NAME,
  columns: [
    { title: '客户名称', dataIndex: 'name', align: 'left', sorter: true },
    { title: '手机号', dataIndex: 'phone', align: 'left' },
    { title: '等级', dataIndex: 'level', align: 'left', customRender: 'customer_level' },
  ],
  dictOptions: {
    customer_level: [
      { value: '1', text: '普通' },
      { value: '2', text: 'VIP' },
    ],
  },
};

export const QUERY_INFO = [
  { field: 'name', label: '客户名称', view: 'text', mode: 'single' },
  { field: 'level', label: '等级', view: 'list', mode: 'single', dictCode: 'customer_level' },
  { field: 'phone', label: '手机号', view: 'text', mode: 'single' },
  { field: 'createTime', label: '创建时间', view: 'text', mode: 'group' },
];

export interface FakeReportOptions {
  /** getQueryInfo answers this failure instead. */
  readonly queryInfoFails?: string;
  /** getRpColumns answers this envelope code and message instead. */
  readonly columnsFail?: { code: number; message: string };
  /** The query fields answered (default QUERY_INFO). */
  readonly queryInfo?: readonly unknown[];
}

export interface Call {
  readonly url: string;
  readonly params: Record<string, unknown>;
}

/** The fake report's answer to a call (url without the /system base). */
export function reportAnswer(
  url: string,
  p: Record<string, unknown>,
  options: FakeReportOptions = {},
): ApiEnvelope<unknown> {
  if (url === `${API}/getRpColumns/${REPORT_CODE}`) {
    if (options.columnsFail) {
      return envelope(null, { success: false, ...options.columnsFail });
    }
    return envelope(HEAD);
  }
  if (url === `${API}/getQueryInfo/${REPORT_ID}`) {
    if (options.queryInfoFails) {
      return envelope(null, { success: false, code: 500, message: options.queryInfoFails });
    }
    return envelope(options.queryInfo ?? QUERY_INFO);
  }
  if (url === `${API}/getData/${REPORT_ID}`) {
    let hits = CUSTOMERS.filter(
      (c) =>
        (!p.name || c.name.includes(String(p.name))) &&
        (!p.level || c.level === p.level) &&
        (!p.self_keyword || c.name.includes(String(p.self_keyword))),
    );
    if (p.column === 'name' && p.order === 'desc') hits = [...hits].reverse();
    const size = Number(p.pageSize);
    const from = (Number(p.pageNo) - 1) * size;
    return envelope({ records: hits.slice(from, from + size), total: hits.length });
  }
  throw new Error(`unexpected call ${url}`);
}

export function fakeReportHttp(options: FakeReportOptions = {}) {
  const calls: Call[] = [];
  const answer = (url: string, p: Record<string, unknown>) => reportAnswer(url, p, options);
  const get = vi.fn(async (url: string, params?: object) => {
    const p = { ...((params ?? {}) as Record<string, unknown>) };
    calls.push({ url, params: p });
    return answer(url, p);
  });
  const blob = vi.fn(async (url: string, params?: object) => {
    calls.push({ url, params: { ...((params ?? {}) as Record<string, unknown>) } });
    return new Blob(['xlsx'], { type: 'application/octet-stream' });
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = { get, post: refuse, put: refuse, delete: refuse, blob } as unknown as Http;
  const named = (what: string) => calls.filter((c) => c.url.includes(`/${what}/`));
  return {
    http,
    calls,
    /** Which report calls were made, in order (getRpColumns, getQueryInfo, getData …). */
    order: () => calls.map((c) => c.url.split('/').at(-2)),
    data: () => named('getData'),
    columns: () => named('getRpColumns'),
    queryInfo: () => named('getQueryInfo'),
  };
}

/** The open report dialog (found by the report's name). */
export async function reportDialog() {
  const dialog = await screen.findByRole('dialog', { name: REPORT_NAME });
  await within(dialog).findByText('客户01');
  return within(dialog);
}

/** The table row showing a customer's name. */
export function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr')!;
}

/** Names shown in the table, in order. */
export function shownNames(): string[] {
  return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
    (tr) => tr.querySelectorAll('td:not(.ant-table-selection-column)')[0]!.textContent ?? '',
  );
}

/** The banner's text, e.g. `已选择 2 项`. */
export function bannerText(): string {
  return document.querySelector('.sa-report-banner')!.textContent ?? '';
}
