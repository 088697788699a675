import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SQL_NAME_PATTERN, type TableDefinition } from '../../../src/contracts/page';
import { snakeFromCamel } from '../../../src/contracts/page-upgrade';
import type { Db } from '../../db/index';
import type { PageCache } from '../page/store';

/**
 * The unique check of forms (`/sys/duplicate/check`). Unlike the reference system, which puts
 * the table and field names from the request into SQL, only two kinds of target are accepted:
 * columns of the online tables the page store registered, and a fixed list of system fields.
 * Names are resolved to our own strings before any SQL is built; the value is a parameter.
 * A page table is checked only for a caller who may list its page, within their data rules
 * (dict/table-access.ts): the check must not tell anyone else which values exist.
 */

export const MSG_FIELD_NOT_ALLOWED = '不允许检查该字段';
export const MSG_EMPTY_VALUE = '数据为空,不作处理！';
export const MSG_VALUE_FREE = '该值可用！';
export const MSG_VALUE_TAKEN = '该值不可用，系统中已存在！';

/** System fields a form may check; every table has an `id` primary key. */
export const SYSTEM_UNIQUE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  sys_user: ['username', 'work_no', 'phone', 'email'],
  sys_role: ['role_code'],
  sys_depart: ['org_code'],
  sys_dict: ['dict_code'],
  sys_position: ['code'],
  sys_category: ['code'],
  sys_check_rule: ['rule_code'],
};

/** Never checkable, whatever table they are in. */
const SECRET_COLUMNS = new Set(['password', 'salt']);

const NAME = new RegExp(SQL_NAME_PATTERN);

/** `workNo` / `work_no` / `WorkNo` → `work_no`; null for anything that is not a plain name. */
export function normaliseName(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^[A-Za-z][A-Za-z0-9_]{0,62}$/.test(trimmed)) return null;
  const snake = snakeFromCamel(trimmed).replace(/^_/, '').toLowerCase();
  return NAME.test(snake) ? snake : null;
}

export interface CheckTarget {
  readonly table: string;
  readonly column: string;
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${table})) is not null as found`.execute(
    db,
  );
  return rows[0]?.found === true;
}

/** An online table as a stored definition declares it (a page's own or a detail table). */
async function onlineTable(pages: PageCache, table: string): Promise<TableDefinition | null> {
  const owner = (await pages.tables()).find(
    (p) => p.table?.name === table || p.details.includes(table),
  );
  const definition = owner ? (await pages.get(owner.code))?.definition : undefined;
  if (!definition) return null;
  const tables = [definition.table, ...(definition.details ?? []).map((d) => d.table)];
  return tables.find((t) => t?.name === table) ?? null;
}

/** The table name a request names, as our own string (null when it is not a plain name). */
export const checkedTableName = (tableName: string): string | null => normaliseName(tableName);

/**
 * The table and column a request may check, as our own strings (from the allow-list or a
 * stored definition), or null when it may not.
 */
export async function resolveTarget(
  db: Db,
  pages: PageCache,
  tableName: string,
  fieldName: string,
): Promise<CheckTarget | null> {
  const table = normaliseName(tableName);
  const column = normaliseName(fieldName);
  if (!table || !column || SECRET_COLUMNS.has(column)) return null;
  const system = Object.hasOwn(SYSTEM_UNIQUE_FIELDS, table) ? SYSTEM_UNIQUE_FIELDS[table] : null;
  if (system) {
    const allowed = system.find((c) => c === column);
    if (!allowed || !(await tableExists(db, table))) return null;
    return { table, column: allowed };
  }
  const online = await onlineTable(pages, table);
  const declared = online?.columns.find((c) => c.name === column);
  if (!online || !declared || !(await tableExists(db, online.name))) return null;
  return { table: online.name, column: declared.name };
}

/** How many rows other than `dataId` hold the value, among `rows` (all when null). */
export async function countHolders(
  db: Db,
  target: CheckTarget,
  value: string,
  dataId: string | null,
  rows: RawBuilder<SqlBool> | null,
): Promise<number> {
  // `::text` lets a number or date column be compared with the text of the request.
  const excluded = dataId ? sql` and ${sql.ref('id')} <> ${dataId}` : sql``;
  const within = rows ? sql` and ${rows}` : sql``;
  const { rows: counted } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(target.table)}
    where ${sql.ref(target.column)}::text = ${value}${excluded}${within}`.execute(db);
  return counted[0]?.n ?? 0;
}
