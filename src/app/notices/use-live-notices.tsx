import { useEffect, useRef } from 'react';
import { App, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { NOTICE_TIMING, isNewNotice, NoticeCmd, type NoticeMessage } from '../../contracts/notice';
import { createNoticeSocket } from '../../runtime/notice-socket';
import { useServices } from '../services';
import { tokenAtom } from '../state/atoms';
import { LABEL_VIEW_DETAIL } from './notice-labels';

export interface LiveNoticeHandlers {
  /** Reload the counts (`refresh-notice`, and 1 s after a pushed notice). */
  readonly onRefresh: () => void;
  /** The notification's 查看详情: show the pushed notice. */
  readonly onView: (id: string, title: string | undefined) => void;
}

/**
 * Live events while signed in (shell.md §4): the notice socket runs while there is a token and
 * stops for good when it goes (logout) or the shell unmounts. A pushed notice opens a
 * bottom-right notification titled with its text, whose 查看详情 shows it, and reloads the
 * counts after 1 s; `refresh-notice` reloads them at once. Socket errors are toasted.
 */
export function useLiveNotices(handlers: LiveNoticeHandlers): void {
  const { session, baseURL } = useServices();
  const { notification, message } = App.useApp();
  const signedIn = useAtomValue(tokenAtom) !== null;
  // The socket outlives renders: it reads the newest handlers through a ref.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!signedIn || typeof WebSocket !== 'function') return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onMessage = (pushed: NoticeMessage) => {
      if (pushed.cmd === NoticeCmd.REFRESH) {
        latest.current.onRefresh();
        return;
      }
      if (!isNewNotice(pushed)) return;
      const key = `notice-${pushed.msgId ?? Date.now()}`;
      notification.info({
        key,
        placement: 'bottomRight',
        message: pushed.msgTxt ?? '',
        btn: pushed.msgId ? (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(key);
              latest.current.onView(pushed.msgId!, pushed.msgTxt);
            }}
          >
            {LABEL_VIEW_DETAIL}
          </Button>
        ) : undefined,
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        latest.current.onRefresh();
      }, NOTICE_TIMING.refreshDelayMs);
      timers.add(timer);
    };
    const socket = createNoticeSocket({
      baseURL,
      session,
      onMessage,
      onError: (text) => void message.error(text),
      WebSocket,
    });
    return () => {
      socket.stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [signedIn, baseURL, session, notification, message]);
}
