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
  versions: '/online/cgreport/head/versions',
  queryVersion: '/online/cgreport/head/queryVersion',
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

/** One saved version of a report, as 历史版本 lists it (newest first). */
export interface ReportVersionSummary {
  readonly version: number;
  readonly note: string | null;
  readonly createBy: string | null;
  readonly createTime: string | null;
}

/** One saved version with its definition. */
export interface ReportVersion extends StoredReport, ReportVersionSummary {}

/** What a save sends: the definition, and a note kept with the version it makes. */
export type ReportSave = ReportInput & { readonly note?: string };

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
    add: (input: ReportSave) => settle(http.post<string>(ReportApiPath.add, input)),
    edit: (input: ReportSave & { readonly id: string; readonly version: number }) =>
      settle(http.put<null>(ReportApiPath.edit, input)),
    versions: (id: string) =>
      settle(http.get<ReportVersionSummary[]>(ReportApiPath.versions, { id })),
    queryVersion: (id: string, version: number) =>
      settle(http.get<ReportVersion>(ReportApiPath.queryVersion, { id, version })),
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
