import type {
  ActionDefinition,
  DetailDefinition,
  FieldDefinition,
  FormView,
  ListView,
  PageApi,
  PageDefinition,
  QueryView,
} from '../../src/contracts/page';
import { PageApiPath } from '../../src/contracts/page-api';
import { BUILTIN_ROW_KEYS, BUILTIN_TOOLBAR_KEYS } from '../../src/contracts/page-validate-actions';
import { isChoiceType } from '../../src/contracts/catalogue/index';

/**
 * What a page definition means once its defaults are filled in: urls, actions and their
 * permission codes, the per-view field lists. Pure functions, no React.
 */

export type UrlKey = keyof PageApi;

/** The name each url goes by in the 请设置url.xxx属性! messages (the reference list mixin's). */
export const URL_NAMES: Readonly<Record<UrlKey, string>> = {
  list: 'url.list',
  add: 'url.add',
  edit: 'url.edit',
  delete: 'url.delete',
  deleteBatch: 'url.deleteBatch',
  queryById: 'url.queryById',
  exportXls: 'url.exportXlsUrl',
  importExcel: 'url.importExcelUrl',
  children: 'url.children',
};

const ONLINE_URLS: readonly UrlKey[] = [
  'list',
  'add',
  'edit',
  'delete',
  'deleteBatch',
  'queryById',
  'exportXls',
  'importExcel',
  'children',
];

/** The online-table data url of a page code (`/online/cgform/api/{code}/{action}`). */
export function onlineUrl(code: string, action: string): string {
  return `${PageApiPath.onlineData}${code}/${action}`;
}

/**
 * The rows of one detail table of a master (`{foreignKey}=<master id>`): the detail's own
 * `listUrl`, else the online-table API of the page that owns it.
 */
export function detailListUrl(page: PageDefinition, detail: DetailDefinition): string {
  return detail.listUrl ?? onlineUrl(page.code, `detail/${detail.code}/list`);
}

/** Urls of a page: its own `api`, over the online-table defaults when it owns a table. */
export function pageUrls(page: PageDefinition): PageApi {
  const defaults: Partial<Record<UrlKey, string>> = {};
  if (page.table) {
    for (const key of ONLINE_URLS) {
      if (key === 'children' && page.kind !== 'tree-list') continue;
      defaults[key] = onlineUrl(page.code, key);
    }
  }
  return { ...defaults, ...page.api };
}

export const ACTION_LABELS: Readonly<Record<string, string>> = {
  add: '新增',
  batchDelete: '批量删除',
  export: '导出',
  import: '导入',
  edit: '编辑',
  detail: '详情',
  delete: '删除',
  addChild: '新增下级',
};

/** Which `online:{code}:x` code a built-in action needs on a page with its own table. */
const ACTION_CODES: Readonly<Record<string, string>> = {
  add: 'add',
  addChild: 'add',
  batchDelete: 'delete',
  delete: 'delete',
  edit: 'edit',
  export: 'export',
  import: 'import',
};

export function isBuiltinAction(key: string, row: boolean): boolean {
  return (row ? BUILTIN_ROW_KEYS : BUILTIN_TOOLBAR_KEYS).includes(key);
}

/**
 * The permission code gating an action: the definition's own, else `online:{code}:x` for the
 * built-in actions of a page with a table, else none (always shown).
 */
export function actionPermission(page: PageDefinition, action: ActionDefinition): string | null {
  if (action.permission) return action.permission;
  const code = ACTION_CODES[action.key];
  return page.table && code ? `online:${page.code}:${code}` : null;
}

export function actionLabel(action: ActionDefinition): string {
  return action.label ?? ACTION_LABELS[action.key] ?? action.key;
}

/** Toolbar buttons: the definition's list, else add, batch delete, export, import. */
export function toolbarActions(page: PageDefinition): readonly ActionDefinition[] {
  return page.toolbar ?? BUILTIN_TOOLBAR_KEYS.map((key) => ({ key }));
}

/** Row buttons: the definition's list, else edit, detail, delete (tree lists: + 新增下级). */
export function rowActions(page: PageDefinition): readonly ActionDefinition[] {
  if (page.rowActions) return page.rowActions;
  const keys =
    page.kind === 'tree-list'
      ? ['addChild', 'edit', 'detail', 'delete']
      : ['edit', 'detail', 'delete'];
  return keys.map((key) => ({ key }));
}

/** The actions the user may see. */
export function allowed(
  page: PageDefinition,
  actions: readonly ActionDefinition[],
  can: (code: string) => boolean,
): ActionDefinition[] {
  return actions.filter((action) => {
    const code = actionPermission(page, action);
    return code === null || can(code);
  });
}

export function queryView(field: FieldDefinition): QueryView | null {
  if (!field.query) return null;
  return field.query === true ? {} : field.query;
}

export function listView(field: FieldDefinition): ListView | null {
  if (field.list === false) return null;
  return field.list === undefined || field.list === true ? {} : field.list;
}

export function formView(field: FieldDefinition): FormView | null {
  if (field.form === false) return null;
  return field.form === undefined || field.form === true ? {} : field.form;
}

export const LIST_DEFAULTS = {
  pageSize: 10,
  pageSizeOptions: [5, 10, 20, 30, 100] as readonly number[],
  sortColumn: 'createTime',
  sortOrder: 'desc' as 'asc' | 'desc',
  rowKey: 'id',
  selection: 'checkbox' as 'checkbox' | 'radio' | 'none',
  queryVisibleCount: 3,
};

export function listOptions(page: PageDefinition): typeof LIST_DEFAULTS {
  return { ...LIST_DEFAULTS, ...page.list };
}

export const TREE_DEFAULTS = {
  parentField: 'pid',
  hasChildField: 'hasChild',
  rootValue: '0',
  childrenParam: 'pid',
};

export function treeOptions(page: PageDefinition): typeof TREE_DEFAULTS & { titleField: string } {
  const first = page.fields.find((f) => listView(f) !== null)?.name ?? 'id';
  return { ...TREE_DEFAULTS, titleField: first, ...page.tree };
}

/** The placeholder of a field without its own: 请选择… for choices, 请输入… otherwise. */
export function defaultPlaceholder(field: FieldDefinition): string {
  const choice =
    field.dictCode !== undefined || (field.options?.length ?? 0) > 0 || isChoiceType(field.type);
  return `${choice ? '请选择' : '请输入'}${field.label}`;
}
