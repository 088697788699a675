import { sql, type RawBuilder } from 'kysely';
import {
  SQL_NAME_PATTERN,
  type ColumnType,
  type FieldDefinition,
  type FieldOption,
} from '../../../src/contracts/page';
import { camelFromSnake, snakeFromCamel } from '../../../src/contracts/page-upgrade';
import { AppError } from '../../http/errors';
import { defineListEntity, type ListEntity, type ListFieldType } from '../../http/list-query';
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
}

export const MSG_NO_TABLE = '页面不存在或没有自己的表：';

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

/** The page's table, or the `页面不存在或没有自己的表` refusal. */
export function onlineTableOf(page: StoredPage | null, code: string): OnlineTable {
  const definition = page?.definition;
  const tableName = page?.tableName ?? definition?.table?.name;
  if (!page || !definition?.table || !tableName || !SAFE_NAME.test(tableName)) {
    throw new AppError(`${MSG_NO_TABLE}${code.slice(0, 64)}`);
  }
  const tree = definition.kind === 'tree-list';
  const fieldOf = new Map(definition.fields.map((f) => [snakeFromCamel(f.name), f]));
  const bases: ColumnBase[] = [
    ...STANDARD,
    ...(tree ? TREE : []),
    ...definition.table.columns.map((c) => ({
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

  const listColumns = definition.fields
    .filter((f) => f.list !== false)
    .map((f) => byColumn.get(snakeFromCamel(f.name)))
    .filter((c): c is OnlineColumn => c !== undefined);

  let treeShape: TreeShape | null = null;
  if (tree) {
    const options = definition.tree ?? {};
    const parent = byName.get(options.parentField ?? 'pid') ?? byColumn.get('pid')!;
    const hasChild = byName.get(options.hasChildField ?? 'hasChild') ?? byColumn.get('has_child');
    treeShape = { parent, hasChild: hasChild ?? null, rootValue: options.rootValue ?? '0' };
  }
  const writable = columns.filter(
    (c) => (!c.standard && c.field !== null) || c === treeShape?.parent,
  );

  const sortColumn = definition.list?.sortColumn;
  const entity = defineListEntity({
    fields: Object.fromEntries(
      columns.map((c) => [c.name, { column: c.column, type: LIST_TYPES[c.type] }]),
    ),
    defaultSort:
      sortColumn && byName.has(sortColumn)
        ? [{ field: sortColumn, order: definition.list?.sortOrder ?? 'desc' }]
        : undefined,
  });
  return {
    code: page.code,
    title: page.title,
    tableName,
    columns,
    byName,
    writable,
    listColumns,
    tree: treeShape,
    entity,
    select: sql.join(columns.map((c) => sql`${sql.ref(c.column)} as ${sql.id(c.name)}`)),
    from: sql.table(tableName),
  };
}
