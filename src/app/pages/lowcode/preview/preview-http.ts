import type { ApiEnvelope, Page } from '../../../../contracts/envelope';
import { PageApiPath } from '../../../../contracts/page-api';
import type { Http } from '../../../../runtime/http';

export const MSG_PREVIEW_READ_ONLY = '预览不会修改数据：请先保存页面，再从菜单打开页面操作数据';
export const MSG_PREVIEW_NO_DATA = '表结构有未保存的修改，预览不读取数据';

function envelope<T>(success: boolean, message: string, result: T): ApiEnvelope<T> {
  return { success, message, code: success ? 200 : 500, result, timestamp: Date.now() };
}

const EMPTY_PAGE: Page<never> = { records: [], total: 0, size: 10, current: 1, pages: 0 };

/**
 * The page engine's http inside the editor preview. The preview never changes data: every
 * POST/PUT/DELETE is answered here with a message, without a request. Reads go to the server
 * when the page's tables are as stored (`live`); while the draft changes a table (or the page
 * is not created yet) the page's online-table reads answer an empty list here, so the preview
 * does not ask for columns that do not exist yet. A refused read of the page's rows (no data
 * permission before 加入菜单) becomes an empty list plus `onDataRefused`, not a toast per render.
 */
export function previewHttp(
  http: Http,
  live: boolean,
  onDataRefused: (refusal: { message: string; code: number }) => void = () => undefined,
): Http {
  const online = (url: string) => url.startsWith(PageApiPath.onlineData);
  const local = (url: string) => !live && online(url);
  const refuse = <T>() => Promise.resolve(envelope(false, MSG_PREVIEW_READ_ONLY, null as T));
  return {
    baseURL: http.baseURL,
    async get<T>(url: string, params?: object, options?: Parameters<Http['get']>[2]) {
      const list = online(url) && /\/(list|children)$/.test(url);
      if (local(url)) {
        return list
          ? envelope(true, '', EMPTY_PAGE as T)
          : envelope(false, MSG_PREVIEW_NO_DATA, null as T);
      }
      const answer = await http.get<T>(url, params, options);
      if (!list || answer.success) return answer;
      // E.g. no data permission yet (the codes come with 加入菜单): said once, above the page.
      onDataRefused({ message: answer.message, code: answer.code });
      return envelope(true, '', EMPTY_PAGE as T);
    },
    post: refuse,
    put: refuse,
    delete: refuse,
    blob(url, params, options) {
      if (local(url)) return Promise.reject(new Error(MSG_PREVIEW_NO_DATA));
      return http.blob(url, params, options);
    },
    // Uploads change no record: unattached files are cleaned up after UPLOAD_TEMP_HOURS.
    upload: (url, form, options) => http.upload(url, form, options),
  };
}
