import { useCallback } from 'react';
import { App } from 'antd';
import { useSetAtom } from 'jotai';
import type { Notice } from '../../contracts/notice';
import { useServices } from '../services';
import { readNotice } from './notice-api';
import { noticeCountsVersionAtom } from './notice-atoms';
import { noticeErrorText } from './notice-error';

/**
 * Reads a notice (shell.md §4): marks it read on the server, then the bell's counts reload.
 * Resolves true when the server agreed; a failure shows the server's message.
 */
export function useReadNotice(): (notice: Notice) => Promise<boolean> {
  const { http } = useServices();
  const { message } = App.useApp();
  const bumpCounts = useSetAtom(noticeCountsVersionAtom);
  return useCallback(
    async (notice: Notice) => {
      try {
        await readNotice(http, notice.id);
        return true;
      } catch (error) {
        const text = noticeErrorText(error);
        if (text) void message.error(text);
        return false;
      } finally {
        bumpCounts((version) => version + 1);
      }
    },
    [http, message, bumpCounts],
  );
}
