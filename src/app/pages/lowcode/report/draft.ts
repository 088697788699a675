import type { ReportInput, ReportItem, ReportParam, StoredReport } from './report-store';

/**
 * The designer's draft of a report: what the form edits, with empty texts instead of absent
 * properties, and how it becomes the definition the server takes.
 */

export type SearchMode = 'none' | 'single' | 'group';

export interface DraftItem {
  readonly field: string;
  readonly title: string;
  readonly width: number | null;
  readonly dictCode: string;
  readonly search: SearchMode;
  readonly order: boolean;
  readonly show: boolean;
}

export interface DraftParam {
  /** Stable row key (the name changes while typed). */
  readonly key: string;
  readonly name: string;
  readonly title: string;
  readonly default: string;
}

export interface ReportDraft {
  readonly code: string;
  readonly name: string;
  readonly sql: string;
  readonly items: readonly DraftItem[];
  readonly params: readonly DraftParam[];
}

export const EMPTY_DRAFT: ReportDraft = { code: '', name: '', sql: '', items: [], params: [] };

let keys = 0;
const nextKey = () => `p${++keys}`;

export function newItem(field: string): DraftItem {
  return {
    field,
    title: field,
    width: null,
    dictCode: '',
    search: 'none',
    order: false,
    show: true,
  };
}

export function newParam(name = ''): DraftParam {
  return { key: nextKey(), name, title: '', default: '' };
}

function draftItem(item: ReportItem): DraftItem {
  return {
    field: item.field,
    title: item.title,
    width: item.width ?? null,
    dictCode: item.dictCode ?? '',
    search: item.search ?? 'none',
    order: item.order ?? false,
    show: item.show ?? true,
  };
}

export function draftOf(report: StoredReport): ReportDraft {
  return {
    code: report.code,
    name: report.name,
    sql: report.sql,
    items: report.items.map(draftItem),
    params: report.params.map((p) => ({
      key: nextKey(),
      name: p.name,
      title: p.title,
      default: p.default ?? '',
    })),
  };
}

/**
 * The columns after 解析SQL: the SQL's result columns in its order; a column already
 * configured keeps its settings, a new one starts with its name as title.
 */
export function mergeColumns(items: readonly DraftItem[], fields: readonly string[]): DraftItem[] {
  const known = new Map(items.map((item) => [item.field, item]));
  return [...new Set(fields)].map((field) => known.get(field) ?? newItem(field));
}

const NAMED_PARAM = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** `${name}` parameters of the SQL, in order of first use. */
export function sqlParamNames(sql: string): string[] {
  return [...new Set([...sql.matchAll(NAMED_PARAM)].map((m) => m[1]!))];
}

/** The parameters with one row added for each `${name}` of the SQL not declared yet. */
export function withSqlParams(params: readonly DraftParam[], sql: string): DraftParam[] {
  const declared = new Set(params.map((p) => p.name));
  return [
    ...params,
    ...sqlParamNames(sql)
      .filter((n) => !declared.has(n))
      .map(newParam),
  ];
}

function paramOf(param: DraftParam): ReportParam {
  const name = param.name.trim();
  return {
    name,
    title: param.title.trim() || name,
    ...(param.default !== '' ? { default: param.default } : {}),
  };
}

function itemOf(item: DraftItem): ReportItem {
  return {
    field: item.field,
    title: item.title.trim() || item.field,
    ...(item.width ? { width: item.width } : {}),
    ...(item.dictCode.trim() ? { dictCode: item.dictCode.trim() } : {}),
    ...(item.search !== 'none' ? { search: item.search } : {}),
    ...(item.order ? { order: true } : {}),
    ...(item.show ? {} : { show: false }),
  };
}

/** The definition the server takes; rows without a name are left out. */
export function inputOf(draft: ReportDraft): ReportInput {
  return {
    code: draft.code.trim(),
    name: draft.name.trim(),
    sql: draft.sql,
    items: draft.items.map(itemOf),
    params: draft.params.filter((p) => p.name.trim() !== '').map(paramOf),
  };
}
