import { useMemo } from 'react';
import type { Http } from '../../src/runtime/http';
import { usePickerPage } from '../shared/pickers/use-picker-page';

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

/**
 * One page of pickable users for a search, newest first, 10 a page (the shared picker list;
 * the department goes as `departId` when one is chosen).
 */
export function useUserPage(http: Http, search: UserSearch) {
  const filters = useMemo(
    () => ({
      username: search.username,
      realname: search.realname,
      departId: search.departId ?? '',
    }),
    [search],
  );
  return usePickerPage<PickerUser>(http, USER_LIST_URL, filters, PAGE_SIZE);
}
