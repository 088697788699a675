import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { newId } from '../../ids';
import type { SqlValue } from './coerce';
import type { OnlineRecord } from './records';
import type { OnlineColumn, OnlineTable } from './table';

/**
 * The SQL of online-table data. Table and column names come from the page definition (checked
 * against SQL_NAME_PATTERN, quoted by sql.table / sql.ref / sql.id); every value is a parameter.
 * Run on the database without Kysely's CamelCasePlugin: the select list aliases columns itself.
 */

type Db = QueryExecutorProvider;

const IN_CHUNK = 1000;
/** Parameters per INSERT statement (PostgreSQL allows 65535). */
const INSERT_PARAMS = 30_000;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function idIn(ids: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref('id')} in (${sql.join(ids)})`;
}

export async function selectById(
  db: Db,
  table: OnlineTable,
  id: string,
): Promise<OnlineRecord | null> {
  const { rows } = await sql<OnlineRecord>`select ${table.select} from ${table.from}
    where ${sql.ref('id')} = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** Records of the ids, in the order of the ids. */
export async function selectByIds(
  db: Db,
  table: OnlineTable,
  ids: readonly string[],
): Promise<OnlineRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<OnlineRecord>`select ${table.select} from ${table.from}
    where ${idIn(ids)}`.execute(db);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is OnlineRecord => r !== undefined);
}

/** Values aligned with `table.writable` (see CheckedRecord). */
export type RowValues = readonly (SqlValue | undefined)[];

/**
 * Inserts rows (batched statements) with id, create_by and create_time; returns their ids.
 * `ordered`: each row's create_time one microsecond after the previous one's, so rows listed
 * by create_time come back in the order given (detail rows without an order column).
 */
export async function insertRows(
  db: Db,
  table: OnlineTable,
  rows: readonly RowValues[],
  username: string,
  ordered = false,
): Promise<string[]> {
  const columns = table.writable;
  const names = [sql.ref('id'), sql.ref('create_by'), sql.ref('create_time')];
  const header = sql.join([...names, ...columns.map((c) => sql.ref(c.column))]);
  const ids = rows.map(() => newId());
  const perStatement = Math.max(1, Math.floor(INSERT_PARAMS / (columns.length + 2)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const tuples = rows.slice(start, start + perStatement).map((row, i) => {
      const values = columns.map((_c, k) => sql`${row[k] ?? null}`);
      const created = ordered
        ? sql`now() + cast(${start + i} as integer) * interval '1 microsecond'`
        : sql`now()`;
      return sql`(${sql.join([sql`${ids[start + i]}`, sql`${username}`, created, ...values])})`;
    });
    await sql`insert into ${table.from} (${header}) values ${sql.join(tuples)}`.execute(db);
  }
  return ids;
}

/** Updates the given columns of one row; false when there is no such row. */
export async function updateRow(
  db: Db,
  table: OnlineTable,
  id: string,
  values: RowValues,
  username: string,
): Promise<boolean> {
  const sets = [
    sql`${sql.ref('update_by')} = ${username}`,
    sql`${sql.ref('update_time')} = now()`,
    ...table.writable.flatMap((c, k) =>
      values[k] === undefined ? [] : [sql`${sql.ref(c.column)} = ${values[k]}`],
    ),
  ];
  const result = await sql`update ${table.from} set ${sql.join(sets)}
    where ${sql.ref('id')} = ${id}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Values of the column already stored (other than in row `exceptId`), as text. */
export async function takenValues(
  db: Db,
  table: OnlineTable,
  column: OnlineColumn,
  values: readonly SqlValue[],
  exceptId: string | null = null,
): Promise<unknown[]> {
  const found: unknown[] = [];
  const except = exceptId === null ? sql`true` : sql`${sql.ref('id')} <> ${exceptId}`;
  for (const part of chunks(values, IN_CHUNK)) {
    const { rows } = await sql<{ v: unknown }>`select distinct ${sql.ref(column.column)} as v
      from ${table.from}
      where ${sql.ref(column.column)} in (${sql.join(part)}) and ${except}`.execute(db);
    found.push(...rows.map((r) => r.v));
  }
  return found;
}

/** Deletes rows by id; for a tree also every descendant. Returns the parents touched. */
export async function deleteRows(
  db: Db,
  table: OnlineTable,
  ids: readonly string[],
  /** Columns whose values of the deleted rows are answered in `records` (their files). */
  returned: readonly OnlineColumn[] = [],
): Promise<{ deleted: number; parents: string[]; records: Record<string, unknown>[] }> {
  let deleted = 0;
  const parents = new Set<string>();
  const records: Record<string, unknown>[] = [];
  const tree = table.tree;
  const values = returned.map((c) => sql`${sql.ref(c.column)} as ${sql.id(c.name)}`);
  for (const part of chunks(ids, IN_CHUNK)) {
    if (!tree) {
      const { rows } = await sql<Record<string, unknown>>`
        delete from ${table.from} where ${idIn(part)}
        returning ${sql.join([sql`1 as ${sql.id('one')}`, ...values])}`.execute(db);
      deleted += rows.length;
      records.push(...rows);
      continue;
    }
    const parent = tree.parent.column;
    const { rows } = await sql<{ parent: string | null } & Record<string, unknown>>`
      with recursive doomed(id) as (
        select ${sql.ref('id')} from ${table.from} where ${idIn(part)}
        union
        select ${sql.ref('c.id')} from ${table.from} c
        join doomed d on ${sql.ref(`c.${parent}`)} = d.id
      )
      delete from ${table.from} where ${sql.ref('id')} in (select id from doomed)
      returning ${sql.join([sql`${sql.ref(parent)} as parent`, ...values])}`.execute(db);
    deleted += rows.length;
    records.push(...rows);
    for (const row of rows) if (row.parent !== null) parents.add(row.parent);
  }
  return { deleted, parents: [...parents], records };
}

/** Sets `has_child` of the given nodes from whether they have children now. */
export async function refreshHasChild(
  db: Db,
  table: OnlineTable,
  nodeIds: readonly string[],
): Promise<void> {
  const tree = table.tree;
  if (!tree?.hasChild || nodeIds.length === 0) return;
  const flag = sql.ref(tree.hasChild.column);
  const childParent = sql.ref(`c.${tree.parent.column}`);
  for (const part of chunks(nodeIds, IN_CHUNK)) {
    await sql`update ${table.from} t set ${flag} = case when exists (
        select 1 from ${table.from} c where ${childParent} = ${sql.ref('t.id')}) then '1' else '0' end
      where ${sql.ref('t.id')} in (${sql.join(part)})`.execute(db);
  }
}

/** Ids among `ids` that exist (and meet `where`, when given). */
export async function existingIds(
  db: Db,
  table: OnlineTable,
  ids: readonly string[],
  where: RawBuilder<unknown> = sql`true`,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids, IN_CHUNK)) {
    const { rows } = await sql<{ id: string }>`select ${sql.ref('id')} as id from ${table.from}
      where ${idIn(part)} and ${where}`.execute(db);
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The ids and the ids of every descendant of them (a tree's subtree). */
export async function subtreeIds(
  db: Db,
  table: OnlineTable,
  ids: readonly string[],
): Promise<string[]> {
  const childParent = sql.ref(`c.${table.tree!.parent.column}`);
  const found: string[] = [];
  for (const part of chunks(ids, IN_CHUNK)) {
    const { rows } = await sql<{ id: string }>`
      with recursive below(id) as (
        select ${sql.ref('id')} from ${table.from} where ${idIn(part)}
        union
        select ${sql.ref('c.id')} from ${table.from} c join below b on ${childParent} = b.id
      )
      select id from below`.execute(db);
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

/** Whether `candidate` is `id` itself or one of its descendants (a move there makes a loop). */
export async function isSelfOrDescendant(
  db: Db,
  table: OnlineTable,
  id: string,
  candidate: string,
): Promise<boolean> {
  const childParent = sql.ref(`c.${table.tree!.parent.column}`);
  const { rows } = await sql<{ id: string }>`
    with recursive below(id) as (
      select ${sql.ref('id')} from ${table.from} where ${sql.ref('id')} = ${id}
      union
      select ${sql.ref('c.id')} from ${table.from} c join below b on ${childParent} = b.id
    )
    select id from below where id = ${candidate} limit 1`.execute(db);
  return rows.length > 0;
}
