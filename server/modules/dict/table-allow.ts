import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  SQL_NAME_PATTERN,
  type PageDefinition,
  type TableDefinition,
} from '../../../src/contracts/page';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { clip } from '../../http/list-conditions';
import type { PageTables } from '../page/store';

/**
 * The tables and columns a table dictionary (`table,text,code`, jeecg-api.md §4.6) may name.
 * The reference system puts the names from the request into SQL; here a name is only ever
 * looked up in this allow-list (or in the page store's own tables) and the SQL uses our string.
 * Who may read a page table through a lookup is decided in table-access.ts.
 */

export interface DictTableRule {
  /** Columns that may be the text, the value, the parent or a condition. */
  readonly columns: readonly string[];
  /** Rows a dictionary may show (e.g. not deleted); a trusted constant. */
  readonly filter?: RawBuilder<SqlBool>;
}

/** System tables; never a secret column (passwords, tokens). */
export const SYSTEM_DICT_TABLES: Readonly<Record<string, DictTableRule>> = {
  sys_user: {
    columns: ['id', 'username', 'realname', 'work_no', 'org_code', 'post'],
    filter: sql<SqlBool>`del_flag = 0`,
  },
  sys_depart: {
    columns: ['id', 'depart_name', 'org_code', 'parent_id', 'org_category'],
    filter: sql<SqlBool>`del_flag = '0'`,
  },
  sys_role: { columns: ['id', 'role_name', 'role_code'] },
  sys_position: { columns: ['id', 'code', 'name'] },
  sys_category: { columns: ['id', 'pid', 'name', 'code', 'has_child'] },
  sys_dict: { columns: ['id', 'dict_name', 'dict_code'], filter: sql<SqlBool>`del_flag = 0` },
  // Menu names for pickers (a menu's parent); never buttons' hidden rows or other columns.
  sys_permission: {
    columns: ['id', 'name', 'parent_id', 'menu_type'],
    filter: sql<SqlBool>`del_flag = 0 and menu_type <> 2`,
  },
};

export const MSG_TABLE_DICT_FORMAT = '表字典格式不正确，应为“表名,显示字段,值字段”';
export const MSG_TABLE_DICT_WHERE = '表字典不支持附加查询条件';
export const msgTableRefused = (table: string) => `表字典不允许使用表：${clip(table)}`;
export const msgColumnRefused = (table: string, column: string) =>
  `表字典不允许使用表 ${clip(table)} 的字段：${clip(column)}`;

const NAME = new RegExp(SQL_NAME_PATTERN);

/** A table a dictionary may read, with the columns it may name. */
export interface DictTable {
  readonly table: string;
  readonly columns: ReadonlySet<string>;
  /** The rows a lookup reads: a trusted constant, and the caller's data rules on a page. */
  readonly filter: RawBuilder<SqlBool> | null;
  /** The code of the page that owns the table; null for a system table. */
  readonly page: string | null;
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${table})) is not null
      as found`.execute(db);
  return rows[0]?.found === true;
}

/** The main table of a stored page, with the columns the page store gives it. */
async function pageTable(
  db: Db,
  table: string,
): Promise<{ code: string; columns: readonly string[] } | null> {
  const row = await db
    .selectFrom('sys_page')
    .select(['code', 'definition'])
    .where('tableName', '=', table)
    .executeTakeFirst();
  if (!row) return null;
  const definition = row.definition as PageDefinition;
  const declared: TableDefinition | undefined = definition.table;
  if (!declared || declared.name !== table) return null;
  const tree = definition.kind === 'tree-list' ? ['pid', 'has_child'] : [];
  return {
    code: row.code,
    columns: ['id', 'create_by', 'create_time', ...tree, ...declared.columns.map((c) => c.name)],
  };
}

/**
 * The allowed table of this name; refuses (with a message naming it) anything else. With
 * `pages` (the page cache's summary) a page table is found there instead of in `sys_page`.
 */
export async function resolveDictTable(
  db: Db,
  rawTable: string,
  pages?: readonly PageTables[],
): Promise<DictTable> {
  const table = rawTable.trim();
  if (!NAME.test(table)) throw failure(msgTableRefused(table));
  const system = Object.hasOwn(SYSTEM_DICT_TABLES, table) ? SYSTEM_DICT_TABLES[table]! : null;
  let page: { code: string; columns: readonly string[] } | null = null;
  if (!system) {
    const owner = pages ? pages.find((p) => p.table?.name === table) : undefined;
    page = pages
      ? owner
        ? { code: owner.code, columns: owner.table!.columns }
        : null
      : await pageTable(db, table);
  }
  const columns = system ? system.columns : page?.columns;
  if (!columns || !(await tableExists(db, table))) throw failure(msgTableRefused(table));
  return {
    table,
    columns: new Set(columns),
    filter: system?.filter ?? null,
    page: page?.code ?? null,
  };
}

/** One allowed column of the table, as our own string. */
export function allowedColumn(dict: DictTable, rawColumn: string): string {
  const column = rawColumn.trim();
  if (!NAME.test(column) || !dict.columns.has(column)) {
    throw failure(msgColumnRefused(dict.table, column));
  }
  return column;
}

/** A parsed `table,text,code` dictionary. */
export interface TableDict {
  readonly source: DictTable;
  readonly text: string;
  readonly code: string;
}

/** True when the dictionary code names a table (it holds a comma). */
export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}

/** `table,text,code` split and trimmed; a fourth part (raw SQL in the reference) is refused. */
export function splitTableDict(code: string): [table: string, text: string, code: string] {
  const parts = code.split(',').map((part) => part.trim());
  if (parts.length > 3) throw failure(MSG_TABLE_DICT_WHERE);
  if (parts.length !== 3) throw failure(MSG_TABLE_DICT_FORMAT);
  return parts as [string, string, string];
}

/** Parses and checks `table,text,code`. */
export async function resolveTableDict(
  db: Db,
  code: string,
  pages?: readonly PageTables[],
): Promise<TableDict> {
  const [table, text, value] = splitTableDict(code);
  const source = await resolveDictTable(db, table, pages);
  return { source, text: allowedColumn(source, text), code: allowedColumn(source, value) };
}
