import {
  DEFAULT_DRAG_SORT_KEY,
  type FieldDefinition,
  type PageDefinition,
  type PageProblem,
  type TableDefinition,
} from './page';
import { snakeFromCamel } from './page-upgrade';
import { checkActions } from './page-validate-actions';
import { checkLinkages } from './page-validate-conditions';
import { checkFieldList } from './page-validate-fields';
import { MSG_SAME_ORIGIN_PATH, isSameOriginPath } from './urls';

/** Columns every online table has without declaring them. */
export const STANDARD_COLUMNS = ['id', 'create_by', 'create_time', 'update_by', 'update_time'];
/** Extra standard columns of a tree-list table. */
export const TREE_COLUMNS = ['pid', 'has_child'];

function columnsOf(table: TableDefinition, tree: boolean): Set<string> {
  return new Set([
    ...STANDARD_COLUMNS,
    ...(tree ? TREE_COLUMNS : []),
    ...table.columns.map((c) => c.name),
  ]);
}

function checkFields(
  fields: readonly FieldDefinition[],
  base: string,
  table: TableDefinition | undefined,
  tree: boolean,
): PageProblem[] {
  const columns = table ? { table: table.name, names: columnsOf(table, tree) } : null;
  return checkFieldList(fields, base, columns);
}

function checkTable(table: TableDefinition, base: string, tree: boolean): PageProblem[] {
  const problems: PageProblem[] = [];
  const seen = new Set<string>();
  const reserved = new Set([...STANDARD_COLUMNS, ...(tree ? TREE_COLUMNS : [])]);
  table.columns.forEach((column, i) => {
    const at = `${base}/columns/${i}`;
    if (reserved.has(column.name)) {
      problems.push({
        path: `${at}/name`,
        message: `${column.name} 是系统自动添加的列，不能再声明`,
      });
    } else if (seen.has(column.name)) {
      problems.push({ path: `${at}/name`, message: `列名 ${column.name} 重复` });
    }
    seen.add(column.name);
    if (column.type === 'decimal' && (column.scale ?? 2) > (column.precision ?? 18)) {
      problems.push({ path: `${at}/scale`, message: '小数位数不能大于总位数' });
    }
    if (column.type !== 'string' && column.length !== undefined) {
      problems.push({ path: `${at}/length`, message: '只有 string 类型的列可以设置长度' });
    }
  });
  const all = columnsOf(table, tree);
  const indexNames = new Set<string>();
  (table.indexes ?? []).forEach((index, i) => {
    if (indexNames.has(index.name)) {
      problems.push({ path: `${base}/indexes/${i}/name`, message: `索引名 ${index.name} 重复` });
    }
    indexNames.add(index.name);
    index.columns.forEach((name, c) => {
      if (!all.has(name)) {
        problems.push({
          path: `${base}/indexes/${i}/columns/${c}`,
          message: `索引引用了不存在的列 ${name}`,
        });
      }
    });
  });
  return problems;
}

function checkUniqueKeys(
  list: readonly { key: string }[] | undefined,
  base: string,
): PageProblem[] {
  const seen = new Set<string>();
  const problems: PageProblem[] = [];
  (list ?? []).forEach((item, i) => {
    if (seen.has(item.key))
      problems.push({ path: `${base}/${i}/key`, message: `按钮 ${item.key} 重复` });
    seen.add(item.key);
  });
  return problems;
}

/** Every url the browser calls for this page, with its pointer. */
function urlsOf(page: PageDefinition): { readonly url: string; readonly at: string }[] {
  const urls = Object.entries(page.api ?? {}).map(([key, url]) => ({ url, at: `/api/${key}` }));
  for (const list of ['toolbar', 'rowActions'] as const) {
    (page[list] ?? []).forEach((action, i) => {
      if (action.url !== undefined) urls.push({ url: action.url, at: `/${list}/${i}/url` });
    });
  }
  (page.details ?? []).forEach((detail, i) => {
    if (detail.listUrl !== undefined)
      urls.push({ url: detail.listUrl, at: `/details/${i}/listUrl` });
  });
  return urls;
}

/** Urls that would leave this site (they are called with the reader's token). */
function checkUrls(page: PageDefinition): PageProblem[] {
  return urlsOf(page)
    .filter(({ url }) => !isSameOriginPath(url))
    .map(({ at }) => ({ path: at, message: MSG_SAME_ORIGIN_PATH }));
}

/** Checks the rules JSON Schema cannot say: names that must refer to each other, safe urls. */
export function checkPageSemantics(page: PageDefinition): PageProblem[] {
  const tree = page.kind === 'tree-list';
  const problems: PageProblem[] = [
    ...checkUrls(page),
    ...(page.table ? checkTable(page.table, '/table', tree) : []),
    ...checkFields(page.fields, '/fields', page.table, tree),
    ...checkUniqueKeys(page.toolbar, '/toolbar'),
    ...checkUniqueKeys(page.rowActions, '/rowActions'),
    ...checkActions(page.toolbar, '/toolbar', false),
    ...checkActions(page.rowActions, '/rowActions', true),
  ];
  const fieldNames = new Set(page.fields.map((f) => f.name));
  problems.push(...checkLinkages(page.linkages, fieldNames));
  const sort = page.list?.sortColumn;
  if (sort && !fieldNames.has(sort) && !['id', 'createTime', 'updateTime'].includes(sort)) {
    problems.push({ path: '/list/sortColumn', message: `排序字段 ${sort} 不是页面的字段` });
  }
  if (page.kind === 'master-detail' && !(page.details && page.details.length > 0)) {
    problems.push({ path: '/details', message: '主子表页面至少需要一个子表（details）' });
  }
  if (page.kind !== 'master-detail' && page.details && page.details.length > 0) {
    problems.push({ path: '/details', message: '只有主子表页面（master-detail）可以声明子表' });
  }
  const detailCodes = new Set<string>();
  const masterFields = new Set(page.fields.map((f) => f.name));
  (page.details ?? []).forEach((detail, i) => {
    // A save carries each detail's rows under its code, beside the master's fields.
    if (detailCodes.has(detail.code)) {
      problems.push({ path: `/details/${i}/code`, message: `子表编码 ${detail.code} 重复` });
    } else if (masterFields.has(detail.code)) {
      problems.push({
        path: `/details/${i}/code`,
        message: `子表编码 ${detail.code} 与主表字段同名`,
      });
    }
    detailCodes.add(detail.code);
    problems.push(...checkFields(detail.fields, `/details/${i}/fields`, detail.table, false));
    if (detail.table) problems.push(...checkTable(detail.table, `/details/${i}/table`, false));
    if (!detail.fields.some((f) => f.name === detail.foreignKey)) {
      if (
        !detail.table ||
        !detail.table.columns.some((c) => c.name === snakeFromCamel(detail.foreignKey))
      ) {
        problems.push({
          path: `/details/${i}/foreignKey`,
          message: `外键 ${detail.foreignKey} 不是子表的字段或列`,
        });
      }
    }
    const sortKey = detail.grid?.dragSortKey ?? DEFAULT_DRAG_SORT_KEY;
    if (detail.grid?.dragSort && !detail.fields.some((f) => f.name === sortKey)) {
      problems.push({
        path: `/details/${i}/grid/${detail.grid.dragSortKey ? 'dragSortKey' : 'dragSort'}`,
        message: `拖动排序的排序字段 ${sortKey} 不是子表的字段`,
      });
    }
  });
  if (!page.table && !page.api?.list && page.kind !== 'form') {
    problems.push({ path: '/api/list', message: '没有自己的表（table）时需要 api.list' });
  }
  return problems;
}
