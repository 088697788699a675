import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useAtomValue } from 'jotai';
import type { NoticeType } from '../../contracts/notice';
import { useServices } from '../services';
import { loadNoticeTypes } from './notice-api';
import { noticeCountsVersionAtom } from './notice-atoms';
import { noticeErrorText } from './notice-error';

export interface NoticeTypesState {
  readonly types: readonly NoticeType[];
  /** Reloads the counts (a failure shows the server's message). */
  readonly refresh: () => void;
}

/**
 * The caller's notice types for the bell: loaded on mount, on `refresh()` and whenever
 * `noticeCountsVersionAtom` moves. Only the newest answer counts (a slow older one that
 * arrives late is dropped).
 */
export function useNoticeTypes(): NoticeTypesState {
  const { http } = useServices();
  const { message } = App.useApp();
  const version = useAtomValue(noticeCountsVersionAtom);
  const [types, setTypes] = useState<readonly NoticeType[]>([]);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const call = ++latest.current;
    loadNoticeTypes(http).then(
      (loaded) => {
        if (call === latest.current) setTypes(loaded);
      },
      (error: unknown) => {
        const text = noticeErrorText(error);
        if (call === latest.current && text) void message.error(text);
      },
    );
  }, [http, message]);

  useEffect(() => {
    refresh();
  }, [refresh, version]);

  useEffect(
    () => () => {
      latest.current += 1; // unmounted: answers still on their way are dropped
    },
    [],
  );

  return { types, refresh };
}
