import type { Page } from '../../../../contracts/envelope';
import type { Http } from '../../../../runtime/http';
import { settle } from '../model/page-store';

/** 报表配置's calls (`/online/cgreport/head`), each settling to an outcome like the page store's. */

export const ReportApiPath = {
  list: '/online/cgreport/head/list',
  queryById: '/online/cgreport/head/queryById',
  add: '/online/cgreport/head/add',
  edit: '/online/cgreport/head/edit',
  delete: '/online/cgreport/head/delete',
  parseSql: '/online/cgreport/head/parseSql',
  preview: '/online/cgreport/head/preview',
  addToMenu: '/online/cgreport/head/addToMenu',
} as const;

/** One column of a report, as the server stores it. */
export interface ReportItem {
  readonly field: string;
  readonly title: string;
  readonly width?: number;
  readonly dictCode?: string;
  readonly search?: 'single' | 'group';
  readonly order?: boolean;
  readonly show?: boolean;
}

export interface ReportParam {
  readonly name: string;
  readonly title: string;
  readonly default?: string;
}

export interface ReportInput {
  readonly code: string;
  readonly name: string;
  readonly sql: string;
  readonly items: readonly ReportItem[];
  readonly params: readonly ReportParam[];
}

export interface StoredReport extends ReportInput {
  readonly id: string;
  readonly version: number;
}

export interface ReportSummary {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly version: number;
  readonly updateTime: string | null;
}

export interface ReportListQuery {
  readonly pageNo: number;
  readonly pageSize: number;
  readonly code?: string;
  readonly name?: string;
}

export type ReportRow = Readonly<Record<string, unknown>>;

export interface PreviewRequest {
  readonly definition: Pick<ReportInput, 'sql' | 'items' | 'params'>;
  readonly query?: Readonly<Record<string, string>>;
  readonly pageNo: number;
  readonly pageSize: number;
}

export interface ReportMenuRequest {
  readonly id: string;
  readonly parentId?: string;
  readonly name: string;
  readonly icon: string;
}

export function createReportStore(http: Http) {
  return {
    list: (query: ReportListQuery) =>
      settle(http.get<Page<ReportSummary>>(ReportApiPath.list, { ...query })),
    queryById: (id: string) => settle(http.get<StoredReport>(ReportApiPath.queryById, { id })),
    add: (input: ReportInput) => settle(http.post<string>(ReportApiPath.add, input)),
    edit: (input: ReportInput & { readonly id: string; readonly version: number }) =>
      settle(http.put<null>(ReportApiPath.edit, input)),
    remove: (id: string) => settle(http.delete<null>(ReportApiPath.delete, { id })),
    parseSql: (sql: string, params: readonly ReportParam[]) =>
      settle(http.post<string[]>(ReportApiPath.parseSql, { sql, params })),
    preview: (request: PreviewRequest) =>
      settle(http.post<Page<ReportRow>>(ReportApiPath.preview, request)),
    addToMenu: (request: ReportMenuRequest) =>
      settle(http.post<{ menuId: string }>(ReportApiPath.addToMenu, request)),
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
