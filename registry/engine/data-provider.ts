import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { DetailDefinition, PageApi, PageDefinition } from '../../src/contracts/page';
import type { Http, RequestOptions } from '../../src/runtime/http';
import { detailListUrl, pageUrls, type UrlKey } from './page-model';
import type { Row } from './list/row';

/**
 * The one place the page engine talks to a page's server. It owns the urls of a page (its
 * `api` over the online-table defaults) and how each call is made: the list and a tree's
 * children (filters already in the grammar of src/contracts/list-filter.ts, written by
 * `queryParams`), a record by id, add and edit, delete one and many, the export download and
 * the import upload, and the rows of a detail table. Screens ask it; none builds a url or a
 * list parameter itself.
 */

/** One list request: filters (encoded), sort, paging, and what the page is bound to. */
export interface ListCall {
  readonly filters: Readonly<Record<string, string>>;
  readonly sort: { readonly column: string; readonly order: 'asc' | 'desc' };
  readonly pageNo: number;
  readonly pageSize: number;
  /** Values every call carries (`PageView`'s `bound`, a tree's top level). */
  readonly extra?: Readonly<Record<string, string>>;
}

/** The list parameters of a request (jeecg-api.md §1.4–1.5). */
export function listParams(call: ListCall): Record<string, string | number> {
  const { filters, sort, pageNo, pageSize, extra = {} } = call;
  return { ...extra, ...filters, column: sort.column, order: sort.order, pageNo, pageSize };
}

export class MissingUrlError extends Error {
  constructor(readonly call: UrlKey) {
    super(`page has no url for ${call}`);
    this.name = 'MissingUrlError';
  }
}

export interface PageData {
  /** The url of a call, or null when the page has none (the 请设置url.xxx属性! case). */
  url(call: UrlKey): string | null;
  list(call: ListCall): Promise<ApiEnvelope<unknown>>;
  /** A tree node's children: `{parentParam}={id}` plus what the page is bound to. */
  children(
    parentParam: string,
    id: string,
    bound: Readonly<Record<string, string>>,
  ): Promise<ApiEnvelope<unknown>>;
  queryById(id: string): Promise<ApiEnvelope<Row>>;
  save(
    mode: 'add' | 'edit',
    values: Readonly<Record<string, unknown>>,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<unknown>>;
  remove(id: string): Promise<ApiEnvelope<unknown>>;
  removeMany(ids: readonly string[]): Promise<ApiEnvelope<unknown>>;
  /** The list as a spreadsheet: the request's filters and sort, the selected ids if any. */
  exportXls(call: ListCall, selections: readonly string[]): Promise<Blob>;
  /** The import upload (no timeout; `options.onUploadProgress` reports the body's progress). */
  importExcel<T>(data: FormData, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** The rows of one detail table of a master (`{foreignKey}=<master id>`). */
  detailRows(
    detail: DetailDefinition,
    params: Readonly<Record<string, unknown>>,
  ): Promise<ApiEnvelope<unknown>>;
}

/** The data calls of a page over the host's http client. */
export function pageData(http: Http, page: PageDefinition): PageData {
  const urls: PageApi = pageUrls(page);
  const url = (call: UrlKey) => urls[call] ?? null;
  const need = (call: UrlKey) => {
    const found = urls[call];
    if (!found) throw new MissingUrlError(call);
    return found;
  };
  return {
    url,
    list: (call) => http.get<unknown>(need('list'), listParams(call)),
    children: (parentParam, id, bound) =>
      http.get<unknown>(need('children'), { ...bound, [parentParam]: id }),
    queryById: (id) => http.get<Row>(need('queryById'), { id }),
    save: (mode, values, options) =>
      mode === 'add'
        ? http.post<unknown>(need('add'), values, options)
        : http.put<unknown>(need('edit'), values, options),
    remove: (id) => http.delete<unknown>(need('delete'), { id }),
    removeMany: (ids) => http.delete<unknown>(need('deleteBatch'), { ids: ids.join(',') }),
    exportXls: (call, selections) =>
      http.blob(need('exportXls'), {
        ...listParams(call),
        ...(selections.length > 0 ? { selections: selections.join(',') } : {}),
      }),
    importExcel: <T>(data: FormData, options?: RequestOptions) =>
      http.upload<T>(need('importExcel'), data, options),
    detailRows: (detail, params) => http.get<unknown>(detailListUrl(page, detail), params),
  };
}
