import { useCallback, useEffect, useState } from 'react';
import type { Http } from '../../src/runtime/http';

/** The picker's user list (server/modules/user/picker.ts). */
export const USER_LIST_URL = '/sys/user/queryUserComponentData';

/** widgets.md §9: users by department, page size 10 (options 10, 20, 30). */
export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'];

export interface PickerUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly orgCodeTxt: string | null;
}

export interface UserSearch {
  readonly username: string;
  readonly realname: string;
  readonly departId: string | null;
}

export const NO_SEARCH: UserSearch = { username: '', realname: '', departId: null };

interface Page {
  readonly records: readonly PickerUser[];
  readonly total: number;
}

/**
 * One page of pickable users for a search, newest first (§9 default sort createTime
 * descending). An unsuccessful answer changes nothing, with no message (§8 picker lists).
 */
export function useUserPage(http: Http, search: UserSearch) {
  const [paging, setPaging] = useState({ current: 1, pageSize: PAGE_SIZE });
  const [page, setPage] = useState<Page>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const params = {
      pageNo: paging.current,
      pageSize: paging.pageSize,
      column: 'createTime',
      order: 'desc',
      ...(search.username.trim() ? { username: search.username.trim() } : {}),
      ...(search.realname.trim() ? { realname: search.realname.trim() } : {}),
      ...(search.departId ? { departId: search.departId } : {}),
    };
    http
      .get<Page>(USER_LIST_URL, params, { silent: true })
      .then(
        (envelope) => {
          if (live && envelope.success && envelope.result) {
            setPage({ records: envelope.result.records ?? [], total: envelope.result.total ?? 0 });
          }
        },
        () => undefined,
      )
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [http, search, paging]);

  /** A new search starts at page 1. */
  const restart = useCallback(() => setPaging((p) => ({ ...p, current: 1 })), []);
  return { page, loading, paging, setPaging, restart };
}
