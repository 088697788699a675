import type { ApiEnvelope } from '../contracts/envelope';
import { createExpiringCache, type ExpiringCache } from './expiring-cache';
import type { Http } from './http';

/** The online report calls (widgets.md §7; server/modules/report/routes.ts). */
export const REPORT_API = '/online/cgreport/api';
/** widgets.md §7, §9: the three report calls are kept 30 s when a groupId is given. */
export const REPORT_CACHE_MS = 30_000;
/** Local-storage keys of the report cache start with this (after the cache's own prefix). */
export const REPORT_CACHE_PREFIX = 'pro__report:';

/** A report column as getRpColumns answers it. */
export interface ReportColumn {
  readonly title: string;
  readonly dataIndex: string;
  readonly align?: 'left' | 'right' | 'center';
  readonly width?: number;
  readonly sorter?: boolean;
  /** A dictionary code: the cell shows the option text from `dictOptions[customRender]`. */
  readonly customRender?: string;
}

export interface ReportOption {
  readonly value: string;
  readonly text: string;
}

export interface ReportHead {
  readonly cgRpConfigId: string;
  readonly cgRpConfigName: string;
  readonly columns: readonly ReportColumn[];
  readonly dictOptions: Readonly<Record<string, readonly ReportOption[]>>;
}

/** One query field (getQueryInfo): a text box (`single`) or a begin/end pair (`group`). */
export interface ReportQueryItem {
  readonly field: string;
  readonly label: string;
  readonly view?: string;
  readonly mode: 'single' | 'group';
  readonly dictCode?: string;
}

export type ReportRecord = Readonly<Record<string, unknown>>;

export interface ReportPage {
  readonly records: readonly ReportRecord[];
  readonly total: number;
}

export interface ReportClient {
  columns(code: string, groupId?: string): Promise<ApiEnvelope<ReportHead>>;
  queryInfo(id: string, groupId?: string): Promise<ApiEnvelope<readonly ReportQueryItem[]>>;
  /** `params`: query fields, `<field>_begin`/`_end`, `self_<param>`, column, order, paging. */
  data(
    id: string,
    params: Readonly<Record<string, unknown>>,
    groupId?: string,
  ): Promise<ApiEnvelope<ReportPage>>;
  /** The report as a spreadsheet, same parameters as `data` (a blob; empty when it failed). */
  exportXls(id: string, params: Readonly<Record<string, unknown>>): Promise<Blob>;
}

export interface ReportClientOptions {
  /** Where cached answers live; default the browser's local storage (none: no cache). */
  readonly storage?: Storage | null;
  readonly now?: () => number;
}

/** A stable text of the parameters (order-independent), part of a cache key. */
function paramsKey(params: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (privacy settings): the calls simply go uncached.
    return null;
  }
}

/**
 * The report calls over the runtime http client (failures are the caller's to show: `silent`).
 * With a `groupId`, a successful answer is kept in local storage for 30 s under the group, the
 * url and the parameters, so pickers of one group opened again within that time ask nothing.
 */
export function createReportClient(http: Http, options: ReportClientOptions = {}): ReportClient {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const cache: ExpiringCache | null = storage
    ? createExpiringCache(storage, REPORT_CACHE_PREFIX, options.now)
    : null;

  async function get<T>(
    url: string,
    params: Readonly<Record<string, unknown>>,
    groupId: string | undefined,
  ): Promise<ApiEnvelope<T>> {
    const key = groupId && cache ? `${groupId}:${url}:${paramsKey(params)}` : null;
    if (key && cache) {
      const kept = cache.get<ApiEnvelope<T>>(key);
      if (kept) return kept;
    }
    const envelope = await http.get<T>(url, params, { silent: true });
    if (key && cache && envelope.success) cache.set(key, envelope, REPORT_CACHE_MS);
    return envelope;
  }

  const enc = encodeURIComponent;
  return {
    columns: (code, groupId) => get(`${REPORT_API}/getRpColumns/${enc(code)}`, {}, groupId),
    queryInfo: (id, groupId) => get(`${REPORT_API}/getQueryInfo/${enc(id)}`, {}, groupId),
    data: (id, params, groupId) => get(`${REPORT_API}/getData/${enc(id)}`, params, groupId),
    exportXls: (id, params) => http.blob(`${REPORT_API}/exportXls/${enc(id)}`, params),
  };
}

const clients = new WeakMap<Http, ReportClient>();

/** The report client of an http client (one per app, so one cache). */
export function reportClientFor(http: Http): ReportClient {
  let client = clients.get(http);
  if (!client) {
    client = createReportClient(http);
    clients.set(http, client);
  }
  return client;
}
