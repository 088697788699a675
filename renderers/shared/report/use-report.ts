import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ResultCode } from '../../../src/contracts/envelope';
import { HttpError } from '../../../src/runtime/http';
import {
  reportClientFor,
  type ReportHead,
  type ReportPage,
  type ReportQueryItem,
  type ReportRecord,
} from '../../../src/runtime/report-client';
import { useServices } from '../../../registry/services';
import { reportRowKey } from './row-key';

/** widgets.md §9: a report's first page holds 10 rows (options 10, 20, 30). */
export const REPORT_PAGE_SIZE = 10;
export const REPORT_PAGE_SIZE_OPTIONS = ['10', '20', '30'];

/** The submitted query: field → text (`<field>_begin` / `_end` for a group). */
export type ReportQuery = Readonly<Record<string, string>>;

export interface ReportSort {
  readonly column: string;
  readonly order: 'asc' | 'desc';
}

/** Why a report could not be opened: the server's code (404, 510 …) and message. */
export interface ReportFailure {
  readonly code: number | null;
  readonly message: string;
}

export interface UseReportOptions {
  /** The report's code (getRpColumns). */
  readonly code: string;
  /** With a group, the three calls are cached for 30 s (widgets.md §7). */
  readonly groupId?: string;
  /** Values of the report's SQL parameters, sent as `self_<name>`; a change reloads the data. */
  readonly param?: Readonly<Record<string, unknown>>;
}

const EMPTY_PAGE: ReportPage = { records: [], total: 0 };

function failureOf(error: unknown): ReportFailure {
  if (error instanceof HttpError) {
    const body = error.body as { code?: unknown; message?: unknown } | null;
    return {
      code: typeof body?.code === 'number' ? body.code : error.status,
      message: typeof body?.message === 'string' ? body.message : error.message,
    };
  }
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

/** `self_<name>` for each SQL parameter value given (widgets.md §7). */
function selfParams(param: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(param)) {
    if (value !== undefined && value !== null) out[`self_${name}`] = String(value as string);
  }
  return out;
}

/**
 * One report as a picker or a screen shows it (widgets.md §4): opening loads the columns, then
 * the query fields, then the first page; a query, a sort, a page or a `param` change loads the
 * data again. A query-info failure shows the server's message as a warning (§7) and leaves the
 * report without a query form. The selection spans pages (rows by `reportRowKey`).
 */
export function useReport({ code, groupId, param }: UseReportOptions) {
  const { http } = useServices();
  const { message } = App.useApp();
  const client = reportClientFor(http);
  const [head, setHead] = useState<ReportHead | null>(null);
  const [failure, setFailure] = useState<ReportFailure | null>(null);
  /** null until the query fields answered (or failed): the data waits for them. */
  const [items, setItems] = useState<readonly ReportQueryItem[] | null>(null);
  const [query, setQuery] = useState<ReportQuery>({});
  const [paging, setPaging] = useState({ current: 1, pageSize: REPORT_PAGE_SIZE });
  const [sort, setSort] = useState<ReportSort | null>(null);
  const [page, setPage] = useState<ReportPage>(EMPTY_PAGE);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, ReportRecord>>(new Map());
  // The parameters by value: a host that passes a fresh but equal object reloads nothing.
  const paramKey = JSON.stringify(param ?? {});

  useEffect(() => {
    let live = true;
    setHead(null);
    setItems(null);
    setFailure(null);
    setLoading(true);
    const open = async () => {
      const columns = await client.columns(code, groupId);
      if (!live) return;
      if (!columns.success || !columns.result) {
        setFailure({ code: columns.code, message: columns.message });
        setLoading(false);
        return;
      }
      setHead(columns.result);
      try {
        const info = await client.queryInfo(columns.result.cgRpConfigId, groupId);
        if (!live) return;
        if (info.success && Array.isArray(info.result)) {
          setItems(info.result);
          return;
        }
        void message.warning(info.message);
      } catch (error) {
        if (live) void message.warning(failureOf(error).message);
      }
      if (live) setItems([]);
    };
    open().catch((error: unknown) => {
      if (!live) return;
      setFailure(failureOf(error));
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [client, code, groupId, message]);

  const reportId = head?.cgRpConfigId ?? null;
  const itemsReady = items !== null;
  /** What getData (and exportXls) is asked, paging aside. */
  const request = useMemo(() => {
    const filters = Object.fromEntries(
      Object.entries(query)
        .map(([k, v]) => [k, v.trim()] as const)
        .filter(([, v]) => v !== ''),
    );
    return {
      ...selfParams(JSON.parse(paramKey) as Record<string, unknown>),
      ...filters,
      ...(sort ? { column: sort.column, order: sort.order } : {}),
    } as Readonly<Record<string, string>>;
  }, [query, sort, paramKey]);

  useEffect(() => {
    if (reportId === null || !itemsReady) return;
    let live = true;
    setLoading(true);
    client
      .data(reportId, { ...request, pageNo: paging.current, pageSize: paging.pageSize }, groupId)
      .then(
        (answer) => {
          if (!live) return;
          if (answer.success && answer.result) {
            setPage({ records: answer.result.records ?? [], total: answer.result.total ?? 0 });
          } else {
            void message.warning(answer.message);
          }
        },
        (error: unknown) => {
          if (live) void message.warning(failureOf(error).message);
        },
      )
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [client, reportId, itemsReady, request, paging, groupId, message, reloads]);

  /** A new query (or a reset: `{}`) starts at page 1. */
  const search = useCallback((next: ReportQuery) => {
    setQuery(next);
    setPaging((p) => ({ ...p, current: 1 }));
  }, []);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const clearSelection = useCallback(() => setSelected(new Map()), []);
  /** Selects or unselects rows; `single` keeps only the newest one. */
  const select = useCallback((rows: readonly ReportRecord[], on: boolean, single: boolean) => {
    setSelected((now) => {
      if (single) {
        const row = rows[0];
        return on && row ? new Map([[reportRowKey(row), row]]) : new Map();
      }
      const next = new Map(now);
      for (const row of rows) {
        if (on) next.set(reportRowKey(row), row);
        else next.delete(reportRowKey(row));
      }
      return next;
    });
  }, []);

  return {
    head,
    failure,
    items: items ?? [],
    query,
    search,
    paging,
    setPaging,
    sort,
    setSort,
    page,
    loading,
    reload,
    request,
    selected,
    select,
    clearSelection,
  };
}

export type ReportState = ReturnType<typeof useReport>;

/** True when the server refused the report to this user (510). */
export const isForbidden = (failure: ReportFailure) => failure.code === ResultCode.NO_PERMISSION;
