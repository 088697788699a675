import { sql, type RawBuilder } from 'kysely';
import {
  SQL_NAME_PATTERN,
  type ColumnDefinition,
  type ColumnType,
  type IndexDefinition,
} from '../../../src/contracts/page';

/**
 * The SQL an online table may receive: identifiers checked against SQL_NAME_PATTERN and quoted
 * by Kysely (`sql.id`, `sql.ref`, `sql.table`), types from a fixed list, comments as escaped
 * literals (`sql.lit`; PostgreSQL takes no parameters in utility statements). Nothing from a
 * request reaches SQL text any other way.
 */

const NAME = new RegExp(SQL_NAME_PATTERN);

/** Table names no page may use: the system's own and the database's. */
export const RESERVED_TABLE_PREFIXES = ['sys_', 'pg_', 'kysely_'] as const;

/** Table comment that marks a table created by the page store (kept when a page is deleted). */
export const ONLINE_TABLE_COMMENT = 'schema-admin online table';

export class UnsafeNameError extends Error {}

/** True when the name may be used as an identifier. */
export function isSafeName(name: unknown): name is string {
  return typeof name === 'string' && NAME.test(name);
}

/** The name itself, or throws: a last guard before an identifier reaches SQL text. */
export function checkedName(name: string): string {
  if (!isSafeName(name)) throw new UnsafeNameError(`不合法的名称：${JSON.stringify(name)}`);
  return name;
}

/** A column with its defaults filled in, or an existing column of a type we do not manage. */
export interface ColumnSpec {
  readonly name: string;
  /** `other`: an existing column whose type is not one of ours (see `sqlType`). */
  readonly type: ColumnType | 'other';
  readonly length: number | null;
  readonly precision: number | null;
  readonly scale: number | null;
  readonly nullable: boolean;
  readonly comment: string | null;
  /** The type as SQL (`varchar(100)`, `numeric(18,2)`, …). */
  readonly sqlType: string;
}

export interface IndexSpec {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

function intIn(value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UnsafeNameError(`数值超出范围：${value}`);
  }
  return value;
}

/** The SQL type of a declared column (fixed list; numbers checked). */
export function typeSql(type: ColumnType, length: number, precision: number, scale: number) {
  switch (type) {
    case 'string':
      return `varchar(${intIn(length, 1, 4000)})`;
    case 'text':
      return 'text';
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'decimal':
      return `numeric(${intIn(precision, 1, 38)},${intIn(scale, 0, precision)})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
  }
}

/** Defaults of page.ts: string 255, decimal 18,2, nullable. */
export function columnSpec(column: ColumnDefinition): ColumnSpec {
  const length = column.type === 'string' ? (column.length ?? 255) : null;
  const precision = column.type === 'decimal' ? (column.precision ?? 18) : null;
  const scale = column.type === 'decimal' ? (column.scale ?? 2) : null;
  return {
    name: column.name,
    type: column.type,
    length,
    precision,
    scale,
    nullable: column.nullable ?? true,
    comment: column.comment?.trim() ? column.comment : null,
    sqlType: typeSql(column.type, length ?? 0, precision ?? 0, scale ?? 0),
  };
}

export function indexSpec(index: IndexDefinition): IndexSpec {
  return { name: index.name, columns: [...index.columns], unique: index.unique ?? false };
}

/** One DDL statement and what it does, in words (for error messages). */
export interface DdlStep {
  readonly label: string;
  readonly statement: RawBuilder<unknown>;
}

const STANDARD_COLUMN_SQL = [
  sql`"id" varchar(32) primary key`,
  sql`"create_by" varchar(100)`,
  sql`"create_time" timestamptz default now()`,
  sql`"update_by" varchar(100)`,
  sql`"update_time" timestamptz`,
];

const TREE_COLUMN_SQL: Readonly<Record<string, RawBuilder<unknown>>> = {
  pid: sql`varchar(32)`,
  has_child: sql`varchar(1) default '0'`,
};

function columnSql(column: ColumnSpec): RawBuilder<unknown> {
  const notNull = column.nullable ? sql`` : sql` not null`;
  return sql`${sql.id(checkedName(column.name))} ${sql.raw(column.sqlType)}${notNull}`;
}

/** Comments may hold anything but NUL, which PostgreSQL text refuses. */
function literal(text: string): RawBuilder<unknown> {
  return sql.lit(text.replace(/\0/g, ''));
}

export function createTable(table: string, columns: readonly ColumnSpec[], tree: boolean): DdlStep {
  const parts = [
    ...STANDARD_COLUMN_SQL,
    ...(tree ? Object.entries(TREE_COLUMN_SQL).map(([n, t]) => sql`${sql.id(n)} ${t}`) : []),
    ...columns.map(columnSql),
  ];
  return {
    label: `创建表 ${table}`,
    statement: sql`create table ${sql.table(checkedName(table))} (${sql.join(parts)})`,
  };
}

export function commentOnTable(table: string, text: string): DdlStep {
  return {
    label: `标记表 ${table}`,
    statement: sql`comment on table ${sql.table(checkedName(table))} is ${literal(text)}`,
  };
}

export function addColumn(table: string, column: ColumnSpec): DdlStep {
  return {
    label: `为表 ${table} 添加列 ${column.name}`,
    statement: sql`alter table ${sql.table(checkedName(table))} add column ${columnSql(column)}`,
  };
}

/** `pid` / `has_child` of a table that becomes a tree list. */
export function addTreeColumn(table: string, name: 'pid' | 'has_child'): DdlStep {
  return {
    label: `为表 ${table} 添加树形列 ${name}`,
    statement: sql`alter table ${sql.table(checkedName(table))} add column ${sql.id(name)} ${TREE_COLUMN_SQL[name]!}`,
  };
}

export function alterColumnType(table: string, column: ColumnSpec): DdlStep {
  const name = checkedName(column.name);
  return {
    label: `修改表 ${table} 列 ${name} 的类型为 ${column.sqlType}`,
    statement: sql`alter table ${sql.table(checkedName(table))} alter column ${sql.id(name)} type ${sql.raw(column.sqlType)}`,
  };
}

export function setNullable(table: string, column: string, nullable: boolean): DdlStep {
  const name = checkedName(column);
  const change = nullable ? sql`drop not null` : sql`set not null`;
  return {
    label: nullable ? `允许表 ${table} 列 ${name} 为空` : `将表 ${table} 列 ${name} 设为必填`,
    statement: sql`alter table ${sql.table(checkedName(table))} alter column ${sql.id(name)} ${change}`,
  };
}

export function commentOnColumn(table: string, column: string, text: string | null): DdlStep {
  const ref = sql.ref(`${checkedName(table)}.${checkedName(column)}`);
  return {
    label: `设置表 ${table} 列 ${column} 的注释`,
    statement: sql`comment on column ${ref} is ${text === null ? sql`null` : literal(text)}`,
  };
}

export function dropColumn(table: string, column: string): DdlStep {
  return {
    label: `删除表 ${table} 的列 ${column}`,
    statement: sql`alter table ${sql.table(checkedName(table))} drop column ${sql.id(checkedName(column))}`,
  };
}

export function createIndex(table: string, index: IndexSpec): DdlStep {
  const unique = index.unique ? sql`unique ` : sql``;
  const columns = sql.join(index.columns.map((c) => sql.id(checkedName(c))));
  return {
    label: `为表 ${table} 创建${index.unique ? '唯一' : ''}索引 ${index.name}`,
    statement: sql`create ${unique}index ${sql.id(checkedName(index.name))} on ${sql.table(checkedName(table))} (${columns})`,
  };
}

export function dropIndex(table: string, index: string): DdlStep {
  return {
    label: `删除表 ${table} 的索引 ${index}`,
    statement: sql`drop index ${sql.id(checkedName(index))}`,
  };
}
