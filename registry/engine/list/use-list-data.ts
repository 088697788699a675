import { useCallback, useEffect, useState, type Key } from 'react';
import { App } from 'antd';
import { ResultCode } from '../../../src/contracts/envelope';
import type { PageDefinition } from '../../../src/contracts/page';
import { missingUrlMessage } from '../messages';
import { URL_NAMES, listOptions } from '../page-model';
import type { PageData } from '../data-provider';
import type { SortState } from './query-params';
import { recordsOf, type Row } from './row';

export interface ListRequest {
  readonly filters: Readonly<Record<string, string>>;
  readonly sort: SortState;
  readonly pageNo: number;
  readonly pageSize: number;
}

export interface ListData {
  readonly request: ListRequest;
  readonly records: readonly Row[];
  readonly total: number;
  /** True while a call is out; the rows of the last answer stay meanwhile. */
  readonly loading: boolean;
  /** False until the first answer (or failure): an empty list before it is not "no data". */
  readonly answered: boolean;
  readonly selectedKeys: readonly Key[];
  setSelectedKeys(keys: readonly Key[]): void;
  /** New filters: back to page 1. */
  search(filters: Readonly<Record<string, string>>): void;
  /** Paging and sorting from the table. */
  change(next: Partial<Omit<ListRequest, 'filters'>>): void;
  /** The same request again (after a save or delete). */
  reload(): void;
}

/**
 * One list's data: the request (filters, sort, paging), the answer, the selection. The
 * selection is cleared after each reload whose answer carries a total (the reference list's
 * habit); a 510 answer is shown as a warning with the server's message.
 */
export function useListData(
  page: PageDefinition,
  data: PageData,
  extraParams: (filters: Readonly<Record<string, string>>) => Record<string, string> = () => ({}),
): ListData {
  const { message } = App.useApp();
  const options = listOptions(page);
  const [request, setRequest] = useState<ListRequest>(() => ({
    filters: {},
    sort: { column: options.sortColumn, order: options.sortOrder },
    pageNo: 1,
    pageSize: options.pageSize,
  }));
  const [nonce, setNonce] = useState(0);
  const [answer, setAnswer] = useState<{ records: readonly Row[]; total: number }>({
    records: [],
    total: 0,
  });
  // Loading from the first render: the first paint is the frame with a spinner, not 暂无数据.
  const [loading, setLoading] = useState(() => Boolean(data.url('list')));
  const [answered, setAnswered] = useState(() => !data.url('list'));
  const [selectedKeys, setSelectedKeys] = useState<readonly Key[]>([]);
  const [extra] = useState(() => extraParams);

  useEffect(() => {
    if (!data.url('list')) {
      void message.error(missingUrlMessage(URL_NAMES.list));
      return;
    }
    let live = true;
    setLoading(true);
    const { filters, sort, pageNo, pageSize } = request;
    data
      .list({ filters, sort, pageNo, pageSize, extra: extra(filters) })
      .then(
        (envelope) => {
          if (!live) return;
          if (!envelope.success) {
            if (envelope.code === ResultCode.NO_PERMISSION) void message.warning(envelope.message);
            else void message.error(envelope.message);
            return;
          }
          const { records, total } = recordsOf(envelope.result);
          if (total !== null) setSelectedKeys([]);
          setAnswer({ records, total: total ?? records.length });
        },
        () => undefined, // the runtime already showed the failure (shell.md §8)
      )
      .finally(() => {
        if (!live) return;
        setLoading(false);
        setAnswered(true);
      });
    return () => {
      live = false;
    };
  }, [data, message, request, nonce, extra]);

  const search = useCallback(
    (filters: Readonly<Record<string, string>>) =>
      setRequest((r) => ({ ...r, filters, pageNo: 1 })),
    [],
  );
  const change = useCallback(
    (next: Partial<Omit<ListRequest, 'filters'>>) => setRequest((r) => ({ ...r, ...next })),
    [],
  );
  const reload = useCallback(() => setNonce((n) => n + 1), []);

  return {
    request,
    records: answer.records,
    total: answer.total,
    loading,
    answered,
    selectedKeys,
    setSelectedKeys,
    search,
    change,
    reload,
  };
}
