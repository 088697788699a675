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
  /** Masked by the server unless the caller may read it in full (138****5678). */
  readonly phone: string | null;
  /** `YYYY-MM-DD`. */
  readonly birthday: string | null;
  /** 1 男, 2 女; null when not given. */
  readonly sex: number | null;
  readonly orgCodeTxt: string | null;
}

export interface UserSearch {
  readonly username: string;
  readonly realname: string;
  /** '1' 男, '2' 女, '' any. */
  readonly sex: string;
  /** `YYYY-MM-DD`, '' any. */
  readonly birthday: string;
  readonly departId: string | null;
}

/** The typed filters (the department is chosen in the tree). */
export type UserFilters = Omit<UserSearch, 'departId'>;

export const NO_FILTERS: UserFilters = { username: '', realname: '', sex: '', birthday: '' };
export const NO_SEARCH: UserSearch = { ...NO_FILTERS, departId: null };

/** widgets.md §2.11: sex 1 male 男, 2 female 女. */
export const SEX_TEXT: Readonly<Record<number, string>> = { 1: '男', 2: '女' };

/**
 * One page of pickable users for a search, newest first, 10 a page (the shared picker list;
 * the department goes as `departId` when one is chosen).
 */
export function useUserPage(http: Http, search: UserSearch) {
  const filters = useMemo(
    () => ({
      username: search.username,
      realname: search.realname,
      sex: search.sex,
      birthday: search.birthday,
      departId: search.departId ?? '',
    }),
    [search],
  );
  return usePickerPage<PickerUser>(http, USER_LIST_URL, filters, PAGE_SIZE);
}
