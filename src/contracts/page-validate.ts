import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import {
  DEFAULT_DRAG_SORT_KEY,
  type FieldDefinition,
  type PageDefinition,
  type PageProblem,
  type TableDefinition,
} from './page';
import { PAGE_META_SCHEMA } from './page-schema';
import { UpgradeError, snakeFromCamel, upgradePageDefinition } from './page-upgrade';
import { checkActions } from './page-validate-actions';
import { checkLinkages } from './page-validate-conditions';
import { checkFieldList } from './page-validate-fields';

/** Columns every online table has without declaring them. */
export const STANDARD_COLUMNS = ['id', 'create_by', 'create_time', 'update_by', 'update_time'];
/** Extra standard columns of a tree-list table. */
export const TREE_COLUMNS = ['pid', 'has_child'];

let compiled: ValidateFunction | null = null;

function metaValidator(): ValidateFunction {
  // verbose: errors carry their schema, which names the branches of a `oneOf`.
  compiled ??= new Ajv({ allErrors: true, strict: false, verbose: true }).compile(PAGE_META_SCHEMA);
  return compiled;
}

/**
 * The keys of a `oneOf` whose branches each only require one key (`open`: page | panel, a
 * validation rule's kind), or null for any other `oneOf`.
 */
function exclusiveKeys(error: ErrorObject): string[] | null {
  if (error.keyword !== 'oneOf' || !Array.isArray(error.schema)) return null;
  const keys = (error.schema as unknown[]).map((branch) => {
    if (!branch || typeof branch !== 'object') return null;
    const required = (branch as { required?: unknown }).required;
    return Object.keys(branch).length === 1 && Array.isArray(required) && required.length === 1
      ? String(required[0])
      : null;
  });
  return keys.every((key): key is string => key !== null) ? keys : null;
}

/** "Exactly one of" said once: none given, or which of them clash. */
function exclusiveMessage(error: ErrorObject, keys: readonly string[]): string {
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  if (!Array.isArray(passing)) return `需要 ${keys.join('、')} 之一`;
  return `${passing.map((i) => keys[i]).join('、')} 只能设置其中一个`;
}

/** `/fields/3/type` + ajv's message, in Chinese; the noise of `oneOf` branches is dropped. */
function schemaProblems(errors: readonly ErrorObject[]): PageProblem[] {
  const list = [...errors];
  localizeZh(list);
  // The branches of an exclusive `oneOf` each report a missing key; one message says it all.
  const exclusive = list.filter((error) => exclusiveKeys(error) !== null);
  const inExclusiveBranch = (error: ErrorObject) =>
    exclusive.some(
      (one) =>
        error.instancePath === one.instancePath &&
        error.schemaPath.startsWith(`${one.schemaPath}/`),
    );
  const seen = new Set<string>();
  const problems: PageProblem[] = [];
  for (const error of list) {
    // `propertyNames` repeats what its inner error (which names the key) says.
    if (error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    if (inExclusiveBranch(error)) continue;
    let path = error.instancePath || '/';
    let message = error.message ?? '不符合页面定义的格式';
    if (error.propertyName !== undefined) {
      path = `${error.instancePath}/${error.propertyName}`;
      message = `名称 ${error.propertyName} 不合法：${message}`;
    } else if (error.keyword === 'oneOf') {
      const keys = exclusiveKeys(error);
      if (!keys) continue;
      message = exclusiveMessage(error, keys);
    } else if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      path = `${error.instancePath}/${extra}`;
      message = `不认识的属性 ${extra}`;
    } else if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty?: string }).missingProperty;
      path = `${error.instancePath}/${missing}`;
      message = `缺少必需的属性 ${missing}`;
    } else if (error.keyword === 'enum') {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      message = `应当是以下之一：${allowed.map((v) => JSON.stringify(v)).join('、')}`;
    }
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, message });
  }
  return problems;
}

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

/** Checks the rules JSON Schema cannot say: names that must refer to each other. */
export function checkPageSemantics(page: PageDefinition): PageProblem[] {
  const tree = page.kind === 'tree-list';
  const problems: PageProblem[] = [
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

export type PageCheck =
  | { readonly ok: true; readonly definition: PageDefinition; readonly upgradedFrom: number | null }
  | { readonly ok: false; readonly problems: readonly PageProblem[] };

/**
 * Upgrades, then validates a definition against the meta-schema and the cross-reference rules.
 * Renderer props are checked by the registry on top of this.
 */
export function checkPageDefinition(input: unknown): PageCheck {
  let upgraded: unknown;
  try {
    upgraded = upgradePageDefinition(input);
  } catch (error) {
    if (error instanceof UpgradeError) {
      return { ok: false, problems: [{ path: '/schemaVersion', message: error.message }] };
    }
    throw error;
  }
  const validate = metaValidator();
  if (!validate(upgraded)) return { ok: false, problems: schemaProblems(validate.errors ?? []) };
  const definition = upgraded as PageDefinition;
  const problems = checkPageSemantics(definition);
  if (problems.length > 0) return { ok: false, problems };
  const from = (input as { schemaVersion: number }).schemaVersion;
  return { ok: true, definition, upgradedFrom: from === definition.schemaVersion ? null : from };
}
