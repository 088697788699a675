import { useCallback } from 'react';
import { App } from 'antd';
import type { ApiEnvelope } from '../../../src/contracts/envelope';
import type { PageDefinition } from '../../../src/contracts/page';
import type { PageData } from '../data-provider';
import {
  MSG_CANCEL,
  MSG_CONFIRM_DELETE_SELECTED,
  MSG_CONFIRM_DELETE_TITLE,
  MSG_DOWNLOAD_FAILED,
  MSG_OK,
  MSG_SELECT_ONE,
  missingUrlMessage,
} from '../messages';
import { URL_NAMES, type UrlKey } from '../page-model';
import { saveBlob } from '../../../src/runtime/save-blob';
import type { ListData } from './use-list-data';

export interface ListActions {
  deleteRow(id: string): Promise<void>;
  batchDelete(): void;
  exportXls(): Promise<void>;
}

/**
 * What the built-in toolbar and row buttons do: delete, batch delete (请选择一条记录！ / a
 * confirm), export as a file named after the page (with the list's filters and `bound`
 * values). A missing url gives the 请设置url.xxx属性! message; the server's message is shown
 * after each call. Custom actions are `actions/use-custom-actions.tsx`.
 */
export function useListActions(
  page: PageDefinition,
  data: PageData,
  list: ListData,
  bound: Readonly<Record<string, string>>,
): ListActions {
  const { message, modal } = App.useApp();

  const urlOf = useCallback(
    (key: UrlKey): string | null => {
      const url = data.url(key);
      if (url) return url;
      void message.error(missingUrlMessage(URL_NAMES[key]));
      return null;
    },
    [data, message],
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
      if (urlOf('delete')) await settle(data.remove(id));
    },
    [data, urlOf, settle],
  );

  const batchDelete = useCallback(() => {
    if (!urlOf('deleteBatch')) return;
    if (list.selectedKeys.length === 0) {
      void message.warning(MSG_SELECT_ONE);
      return;
    }
    const ids = list.selectedKeys.map(String);
    modal.confirm({
      title: MSG_CONFIRM_DELETE_TITLE,
      content: MSG_CONFIRM_DELETE_SELECTED,
      okText: MSG_OK,
      cancelText: MSG_CANCEL,
      onOk: () => settle(data.removeMany(ids)),
    });
  }, [data, list.selectedKeys, message, modal, settle, urlOf]);

  const exportXls = useCallback(async () => {
    if (!urlOf('exportXls')) return;
    try {
      const blob = await data.exportXls(
        { ...list.request, extra: bound },
        list.selectedKeys.map(String),
      );
      if (!blob || blob.size === 0) {
        void message.warning(MSG_DOWNLOAD_FAILED);
        return;
      }
      saveBlob(blob, `${page.title}.xlsx`);
    } catch {
      // shown by the runtime
    }
  }, [data, list.request, list.selectedKeys, message, page.title, urlOf, bound]);

  return { deleteRow, batchDelete, exportXls };
}
