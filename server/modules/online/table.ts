import { sql, type RawBuilder } from 'kysely';
import {
  SQL_NAME_PATTERN,
  type ColumnType,
  type DetailDefinition,
  type FieldDefinition,
  type FieldOption,
  type ListOptions,
  type TableDefinition,
  type TreeOptions,
} from '../../../src/contracts/page';
import { camelFromSnake, snakeFromCamel } from '../../../src/contracts/page-upgrade';
import { AppError } from '../../http/errors';
import { defineListEntity, type ListEntity, type ListFieldType } from '../../http/list-query';
import type { ScopedEntity } from '../../http/row-scope';
import type { StoredPage } from '../page/store';

/**
 * An online table as the data routes see it: every column (standard and declared) with its
 * record name, type, label and field, the list entity of the translator and the select list.
 * Built from the page definition, which the page store keeps in line with the table (DDL).
 */

export interface OnlineColumn {
  /** Record property (camelCase): the field's name, or the column's camelCase form. */
  readonly name: string;
  readonly column: string;
  readonly type: ColumnType;
  readonly length: number | null;
  readonly precision: number | null;
  readonly scale: number | null;
  readonly nullable: boolean;
  /** Maintained by the server (id, audit columns, has_child); never taken from a request. */
  readonly standard: boolean;
  readonly field: FieldDefinition | null;
  readonly label: string;
  /** Dictionary code or fixed options whose text the list shows. */
  readonly dictCode: string | null;
  readonly options: readonly FieldOption[] | null;
}

export interface TreeShape {
  /** The parent-id column (record name and column). */
  readonly parent: OnlineColumn;
  readonly hasChild: OnlineColumn | null;
  readonly rootValue: string;
}

export interface OnlineTable {
  readonly code: string;
  /** The code of the page the table belongs to (a detail table: its master page). */
  readonly pageCode: string;
  readonly title: string;
  readonly tableName: string;
  readonly columns: readonly OnlineColumn[];
  readonly byName: ReadonlyMap<string, OnlineColumn>;
  /** Columns add/edit/import write: declared columns with a field, and a tree's parent. */
  readonly writable: readonly OnlineColumn[];
  /** Columns with a field shown in the list (export columns), in definition order. */
  readonly listColumns: readonly OnlineColumn[];
  readonly tree: TreeShape | null;
  readonly entity: ListEntity;
  /** `"order_no" as "orderNo", …` */
  readonly select: RawBuilder<unknown>;
  readonly from: RawBuilder<unknown>;
  /**
   * The table as data rules see it: the rules of the page's menu (`online:{page}:list`) on its
   * list fields. A detail table carries its master page's menu code; its rows are reached
   * through their master, whose scope is what the routes check.
   */
  readonly scope: ScopedEntity;
  /** The detail tables of a master-detail page that have tables of their own; else empty. */
  readonly details: readonly DetailTable[];
}

/**
 * A detail table of a master-detail page. `writable` leaves out the foreign key: the server
 * sets it to the master's id, a request never does.
 */
export interface DetailTable extends OnlineTable {
  /** The column holding the master's id (a string column of at least 32 characters). */
  readonly foreignKey: OnlineColumn;
  /** The definition's `foreignKey`: the query parameter naming the master in detail lists. */
  readonly masterParam: string;
  /** `order_num`, when the table has one: detail rows are listed by it. */
  readonly orderColumn: OnlineColumn | null;
}

export const MSG_NO_TABLE = '页面不存在或没有自己的表：';
/** The online API of a page code the page store does not have (envelope code 404). */
export const MSG_PAGE_MISSING = '页面不存在';

interface ColumnBase {
  readonly column: string;
  readonly type: ColumnType;
  readonly length?: number;
  readonly precision?: number;
  readonly scale?: number;
  readonly nullable?: boolean;
  readonly label: string;
  readonly standard: boolean;
}

/** The page store's standard columns (server/modules/page/ddl.ts). */
const STANDARD: readonly ColumnBase[] = [
  { column: 'id', type: 'string', length: 32, nullable: false, label: 'ID', standard: true },
  { column: 'create_by', type: 'string', length: 100, label: '创建人', standard: true },
  { column: 'create_time', type: 'datetime', label: '创建时间', standard: true },
  { column: 'update_by', type: 'string', length: 100, label: '更新人', standard: true },
  { column: 'update_time', type: 'datetime', label: '更新时间', standard: true },
];
const TREE: readonly ColumnBase[] = [
  { column: 'pid', type: 'string', length: 32, label: '父级节点', standard: false },
  { column: 'has_child', type: 'string', length: 1, label: '是否有子节点', standard: true },
];

const LIST_TYPES: Readonly<Record<ColumnType, ListFieldType>> = {
  string: 'string',
  text: 'string',
  int: 'integer',
  bigint: 'integer',
  decimal: 'number',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
};

const SAFE_NAME = new RegExp(SQL_NAME_PATTERN);

function onlineColumn(base: ColumnBase, field: FieldDefinition | null): OnlineColumn {
  return {
    name: field?.name ?? camelFromSnake(base.column),
    column: base.column,
    type: base.type,
    length: base.type === 'string' ? (base.length ?? 255) : null,
    precision: base.type === 'decimal' ? (base.precision ?? 18) : null,
    scale: base.type === 'decimal' ? (base.scale ?? 2) : null,
    nullable: base.nullable ?? true,
    standard: base.standard,
    field,
    label: field?.label ?? base.label,
    dictCode: field?.dictCode ?? null,
    options: field?.options && field.options.length > 0 ? field.options : null,
  };
}

/** What a table is built from: the page's own table, or one of its detail tables. */
interface TableSource {
  readonly code: string;
  readonly title: string;
  readonly tableName: string;
  readonly table: TableDefinition;
  readonly fields: readonly FieldDefinition[];
  /** Tree lists only. */
  readonly tree?: TreeOptions;
  readonly list?: ListOptions;
  /** A detail's foreign key (record name): not writable by requests. */
  readonly foreignKey?: string;
  /** The code of the page the table belongs to (a detail's master page). */
  readonly pageCode: string;
}

function buildTable(source: TableSource): Omit<OnlineTable, 'details'> {
  const tree = source.tree !== undefined;
  const fieldOf = new Map(source.fields.map((f) => [snakeFromCamel(f.name), f]));
  const bases: ColumnBase[] = [
    ...STANDARD,
    ...(tree ? TREE : []),
    ...source.table.columns.map((c) => ({
      column: c.name,
      type: c.type,
      length: c.length,
      precision: c.precision,
      scale: c.scale,
      nullable: c.nullable,
      label: c.comment?.trim() || c.name,
      standard: false,
    })),
  ];
  const columns = bases
    .filter((b) => SAFE_NAME.test(b.column))
    .map((b) => onlineColumn(b, fieldOf.get(b.column) ?? null));
  const byName = new Map(columns.map((c) => [c.name, c]));
  const byColumn = new Map(columns.map((c) => [c.column, c]));

  const listColumns = source.fields
    .filter((f) => f.list !== false)
    .map((f) => byColumn.get(snakeFromCamel(f.name)))
    .filter((c): c is OnlineColumn => c !== undefined);

  let treeShape: TreeShape | null = null;
  if (source.tree) {
    const options = source.tree;
    const parent = byName.get(options.parentField ?? 'pid') ?? byColumn.get('pid')!;
    const hasChild = byName.get(options.hasChildField ?? 'hasChild') ?? byColumn.get('has_child');
    treeShape = { parent, hasChild: hasChild ?? null, rootValue: options.rootValue ?? '0' };
  }
  const foreignKey = source.foreignKey === undefined ? null : snakeFromCamel(source.foreignKey);
  const writable = columns.filter(
    (c) =>
      ((!c.standard && c.field !== null) || c === treeShape?.parent) && c.column !== foreignKey,
  );

  const sortColumn = source.list?.sortColumn;
  const entity = defineListEntity({
    fields: Object.fromEntries(
      columns.map((c) => [c.name, { column: c.column, type: LIST_TYPES[c.type] }]),
    ),
    defaultSort:
      sortColumn && byName.has(sortColumn)
        ? [{ field: sortColumn, order: source.list?.sortOrder ?? 'desc' }]
        : undefined,
  });
  const from = sql.table(source.tableName);
  return {
    code: source.code,
    pageCode: source.pageCode,
    title: source.title,
    tableName: source.tableName,
    columns,
    byName,
    writable,
    listColumns,
    tree: treeShape,
    entity,
    select: sql.join(columns.map((c) => sql`${sql.ref(c.column)} as ${sql.id(c.name)}`)),
    from,
    scope: {
      table: source.tableName,
      menuCode: `online:${source.pageCode}:list`,
      fields: entity,
      from,
      key: sql.ref('id'),
    },
  };
}

/** The master id is a 32-character string (server/ids.ts). */
const MIN_FOREIGN_KEY_LENGTH = 32;

/**
 * A detail with a table of its own, or null for one whose rows live elsewhere (`listUrl`).
 * Refuses a foreign key that cannot hold the master's id: the page would lose rows.
 */
function detailTableOf(detail: DetailDefinition, pageCode: string): DetailTable | null {
  const table = detail.table;
  if (!table || !SAFE_NAME.test(table.name)) return null;
  const built = buildTable({
    pageCode,
    code: detail.code,
    title: detail.title,
    tableName: table.name,
    table,
    fields: detail.fields,
    foreignKey: detail.foreignKey,
  });
  const column = snakeFromCamel(detail.foreignKey);
  const foreignKey = built.columns.find((c) => c.column === column && !c.standard);
  const fits =
    foreignKey &&
    (foreignKey.type === 'text' ||
      (foreignKey.type === 'string' && (foreignKey.length ?? 0) >= MIN_FOREIGN_KEY_LENGTH));
  if (!fits) {
    throw new AppError(
      `子表“${detail.title}”的外键 ${detail.foreignKey} 应是表 ${table.name} 中长度至少${MIN_FOREIGN_KEY_LENGTH}的字符串列`,
    );
  }
  const orderColumn = built.columns.find((c) => c.column === 'order_num') ?? null;
  return {
    ...built,
    details: [],
    foreignKey: foreignKey!,
    masterParam: detail.foreignKey,
    orderColumn,
  };
}

/** The page's table, or the `页面不存在或没有自己的表` refusal. */
export function onlineTableOf(page: StoredPage | null, code: string): OnlineTable {
  const definition = page?.definition;
  const tableName = page?.tableName ?? definition?.table?.name;
  if (!page || !definition?.table || !tableName || !SAFE_NAME.test(tableName)) {
    throw new AppError(`${MSG_NO_TABLE}${code.slice(0, 64)}`);
  }
  const details: DetailTable[] = [];
  if (definition.kind === 'master-detail') {
    for (const detail of definition.details ?? []) {
      const table = detailTableOf(detail, page.code);
      if (table && !details.some((d) => d.code === table.code)) details.push(table);
    }
  }
  const main = buildTable({
    pageCode: page.code,
    code: page.code,
    title: page.title,
    tableName,
    table: definition.table,
    fields: definition.fields,
    tree: definition.kind === 'tree-list' ? (definition.tree ?? {}) : undefined,
    list: definition.list,
  });
  return { ...main, details };
}
