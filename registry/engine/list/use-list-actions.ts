import { useCallback } from 'react';
import { App } from 'antd';
import type { ApiEnvelope } from '../../../src/contracts/envelope';
import type { ActionDefinition, PageApi, PageDefinition } from '../../../src/contracts/page';
import { useEngine } from '../context';
import {
  MSG_CANCEL,
  MSG_CONFIRM_DELETE_SELECTED,
  MSG_CONFIRM_DELETE_TITLE,
  MSG_DOWNLOAD_FAILED,
  MSG_OK,
  MSG_SELECT_ONE,
  missingUrlMessage,
} from '../messages';
import { URL_NAMES, actionLabel, type UrlKey } from '../page-model';
import { saveBlob } from './download';
import type { ListData } from './use-list-data';
import { listParams } from './query-params';
import type { Row } from './row';

export interface ListActions {
  deleteRow(id: string): Promise<void>;
  batchDelete(): void;
  exportXls(): Promise<void>;
  custom(action: ActionDefinition, ids: readonly string[]): void;
}

/**
 * What the toolbar and row buttons do: delete, batch delete (请选择一条记录！ / a confirm),
 * export as a file named after the page, custom calls. A missing url gives the 请设置url.xxx属性!
 * message; the server's message is shown after each call.
 */
export function useListActions(page: PageDefinition, urls: PageApi, list: ListData): ListActions {
  const { http } = useEngine();
  const { message, modal } = App.useApp();

  const urlOf = useCallback(
    (key: UrlKey): string | null => {
      const url = urls[key];
      if (url) return url;
      void message.error(missingUrlMessage(URL_NAMES[key]));
      return null;
    },
    [urls, message],
  );

  const settle = useCallback(
    (call: Promise<ApiEnvelope<unknown>>) =>
      call.then(
        (envelope) => {
          if (envelope.success) {
            void message.success(envelope.message);
            list.reload();
          } else {
            void message.warning(envelope.message);
          }
        },
        () => undefined, // shown by the runtime
      ),
    [message, list],
  );

  const deleteRow = useCallback(
    async (id: string) => {
      const url = urlOf('delete');
      if (url) await settle(http.delete(url, { id }));
    },
    [http, urlOf, settle],
  );

  const batchDelete = useCallback(() => {
    const url = urlOf('deleteBatch');
    if (!url) return;
    if (list.selectedKeys.length === 0) {
      void message.warning(MSG_SELECT_ONE);
      return;
    }
    const ids = list.selectedKeys.map(String).join(',');
    modal.confirm({
      title: MSG_CONFIRM_DELETE_TITLE,
      content: MSG_CONFIRM_DELETE_SELECTED,
      okText: MSG_OK,
      cancelText: MSG_CANCEL,
      onOk: () => settle(http.delete(url, { ids })),
    });
  }, [http, list.selectedKeys, message, modal, settle, urlOf]);

  const exportXls = useCallback(async () => {
    const url = urlOf('exportXls');
    if (!url) return;
    const { filters, sort, pageNo, pageSize } = list.request;
    const params: Record<string, unknown> = listParams(filters, sort, pageNo, pageSize);
    if (list.selectedKeys.length > 0) params.selections = list.selectedKeys.map(String).join(',');
    try {
      const blob = await http.blob(url, params);
      if (!blob || blob.size === 0) {
        void message.warning(MSG_DOWNLOAD_FAILED);
        return;
      }
      saveBlob(blob, `${page.title}.xlsx`);
    } catch {
      // shown by the runtime
    }
  }, [http, list.request, list.selectedKeys, message, page.title, urlOf]);

  const custom = useCallback(
    (action: ActionDefinition, ids: readonly string[]) => {
      if (!action.url) {
        void message.error(`按钮「${actionLabel(action)}」没有设置 url`);
        return;
      }
      const url = action.url;
      const data: Row = ids.length === 1 ? { id: ids[0], ids: ids[0] } : { ids: ids.join(',') };
      const run = () => {
        const method = action.method ?? 'post';
        const call =
          method === 'get'
            ? http.get<unknown>(url, data)
            : method === 'delete'
              ? http.delete<unknown>(url, data)
              : http[method]<unknown>(url, data);
        return settle(call);
      };
      if (action.confirm) {
        modal.confirm({
          title: actionLabel(action),
          content: action.confirm,
          okText: MSG_OK,
          cancelText: MSG_CANCEL,
          onOk: run,
        });
      } else {
        void run();
      }
    },
    [http, message, modal, settle],
  );

  return { deleteRow, batchDelete, exportXls, custom };
}
