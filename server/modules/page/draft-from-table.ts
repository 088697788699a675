import { sql, type Kysely } from 'kysely';
import { fieldForColumn } from '../../../src/contracts/designer/columns';
import {
  PAGE_CODE_PATTERN,
  PAGE_SCHEMA_VERSION,
  SQL_NAME_PATTERN,
  type ColumnDefinition,
  type FieldDefinition,
  type PageDefinition,
} from '../../../src/contracts/page';
import type { DraftFromTableResult } from '../../../src/contracts/page-api';
import { checkPage } from '../../../src/contracts/page-check';
import { camelFromSnake } from '../../../src/contracts/page-upgrade';
import { TREE_COLUMNS } from '../../../src/contracts/page-validate';
import type { Database } from '../../db/schema';
import { failure } from '../../http/errors';
import { ONLINE_TABLE_COMMENT, RESERVED_TABLE_PREFIXES, type ColumnSpec } from './ddl';
import { findRelation, primaryKeyColumns, readTableState } from './introspect';

/**
 * 页面配置 → 从表生成: a draft definition (not saved) for a table that is already in the
 * database, so the designer starts from its columns. Only tables the page store made (a page's
 * table, kept after its page was deleted too) and those named in `DESIGNER_TABLES` are read;
 * system tables and every other table are refused with the same answer whether they exist or
 * not, so the call tells nothing about the database beyond what it allows.
 */

type Queryable = Kysely<Database>;

const PAGE_CODE = new RegExp(PAGE_CODE_PATTERN);
const SQL_NAME = new RegExp(SQL_NAME_PATTERN);

function refusedTable(table: string): Error {
  return failure(`表 ${table} 不是页面的表，也不在 DESIGNER_TABLES 中，不能用于生成页面`);
}

/** The column as a page declares it (null: a type pages cannot use). */
function columnOf(spec: ColumnSpec): ColumnDefinition | null {
  if (spec.type === 'other') return null;
  return {
    name: spec.name,
    type: spec.type,
    ...(spec.type === 'string' && spec.length !== null ? { length: spec.length } : {}),
    ...(spec.type === 'decimal' && spec.precision !== null
      ? { precision: spec.precision, scale: spec.scale ?? 0 }
      : {}),
    ...(spec.nullable ? {} : { nullable: false }),
    ...(spec.comment ? { comment: spec.comment.slice(0, 200) } : {}),
  };
}

function fieldOf(column: ColumnDefinition, key: boolean, firstText: boolean): FieldDefinition {
  const { type, props } = fieldForColumn(column);
  const required = column.nullable === false;
  return {
    name: camelFromSnake(column.name),
    label: (column.comment || column.name).slice(0, 100),
    type,
    ...(props ? { props } : {}),
    ...(required ? { validateRules: [{ required: true }] } : {}),
    ...(firstText ? { query: { rule: 'like' as const, pinned: true } } : {}),
    ...(key ? { form: { readOnly: 'edit' as const } } : {}),
  };
}

/** A page code no stored page has: the table's name, else with `_page`, `_page2` … */
async function freeCode(db: Queryable, table: string): Promise<string> {
  const base = PAGE_CODE.test(table) ? table : `p_${table}`.slice(0, 64);
  const taken = new Set(
    (
      await db
        .selectFrom('sys_page')
        .select('code')
        .where('code', 'like', `${base.replace(/_/g, '\\_')}%`)
        .execute()
    ).map((r) => r.code),
  );
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '_page' : `_page${n}`;
    const code = `${base.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(code)) return code;
  }
}

export async function draftFromTable(
  db: Queryable,
  table: string,
  designerTables: readonly string[],
): Promise<DraftFromTableResult> {
  if (RESERVED_TABLE_PREFIXES.some((p) => table.startsWith(p))) {
    throw failure(`系统表 ${table} 不能用于生成页面`);
  }
  const listed = designerTables.includes(table);
  const relation = await findRelation(db, table);
  const online = relation?.kind === 'r' && relation.comment === ONLINE_TABLE_COMMENT;
  if (!online && !listed) throw refusedTable(table);
  if (!relation) throw failure(`表 ${table} 不存在`);
  if (relation.kind !== 'r') throw failure(`${table} 不是一张表，不能用于生成页面`);

  const state = await readTableState(db, table, relation);
  const keys = await primaryKeyColumns(db, relation);
  const notes: string[] = [];
  const names = new Set(state.columns.map((c) => c.name));
  const tree = TREE_COLUMNS.every((c) => names.has(c));
  const columns: ColumnDefinition[] = [];
  for (const spec of state.columns) {
    if (tree && TREE_COLUMNS.includes(spec.name)) continue;
    const column = columnOf(spec);
    if (column) columns.push(column);
    else
      notes.push(
        `列 ${spec.name} 的类型 ${spec.sqlType} 页面不能编辑，已略过（保存前请确认不删除该列）`,
      );
  }
  if (columns.length === 0) throw failure(`表 ${table} 没有页面可以编辑的列`);
  if (keys.length > 0 && !(keys.length === 1 && keys[0] === 'id')) {
    notes.push(`表的主键是 ${keys.join('、')}，页面按 id 读写记录；主键列在编辑时只读`);
  }
  const indexes = state.indexes
    .filter((i) => SQL_NAME.test(i.name) && i.columns.every((c) => SQL_NAME.test(c)))
    .map((i) => ({ name: i.name, columns: [...i.columns], ...(i.unique ? { unique: true } : {}) }));
  if (indexes.length < state.indexes.length) notes.push('名称不合规范的索引未列入页面定义');
  const firstText = columns.find((c) => c.type === 'string')?.name;
  const fields = columns.map((c) => fieldOf(c, keys.includes(c.name), c.name === firstText));
  const definition = {
    schemaVersion: PAGE_SCHEMA_VERSION,
    code: await freeCode(db, table),
    title: (relation.comment && !online ? relation.comment : table).slice(0, 100),
    kind: tree ? 'tree-list' : 'list',
    table: {
      name: table,
      columns,
      ...(indexes.length > 0 ? { indexes } : {}),
    },
    fields,
    list: { pageSize: 10, sortColumn: 'createTime', sortOrder: 'desc' },
    ...(fields.length >= 8 ? { form: { columns: 2 } } : {}),
  };
  const checked = checkPage(definition);
  if (!checked.ok) {
    const first = checked.problems[0]!;
    throw failure(`表 ${table} 生成的页面不合法：${first.path} ${first.message}`);
  }
  return { definition: checked.definition as PageDefinition, notes };
}

/**
 * The tables 从表生成 may read, for its picker: page tables (kept ones too) and the
 * DESIGNER_TABLES that exist, by name. Never a system table, whatever a comment says.
 */
export async function draftableTables(
  db: Queryable,
  designerTables: readonly string[],
): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
      and (obj_description(c.oid, 'pg_class') = ${ONLINE_TABLE_COMMENT}
        or c.relname = any(${[...designerTables]}::text[]))
    order by c.relname`.execute(db);
  return rows
    .map((r) => r.name)
    .filter((name) => !RESERVED_TABLE_PREFIXES.some((p) => name.startsWith(p)));
}
