import { sql, type QueryExecutorProvider, type QueryResult, type RawBuilder } from 'kysely';
import type { SqlValue } from './coerce';
import { fileColumnsOf, releaseRecordFiles } from './file-values';
import { chunks } from './queries';
import type { OnlineRecord } from './records';
import type { DetailTable, OnlineColumn, OnlineTable } from './table';

/**
 * The SQL of detail tables: every statement names the master (`foreign key = master id`), so
 * a request can only ever read or change the rows of the master it was allowed to touch.
 * Names come from the page definition (quoted by sql.ref / sql.table); values are parameters.
 */

type Db = QueryExecutorProvider;

const IN_CHUNK = 1000;

function ofMaster(detail: DetailTable, masterId: string): RawBuilder<unknown> {
  return sql`${sql.ref(detail.foreignKey.column)} = ${masterId}`;
}

/** Ids of the master's rows. */
export async function detailIdsOf(
  db: Db,
  detail: DetailTable,
  masterId: string,
): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`select ${sql.ref('id')} as id from ${detail.from}
    where ${ofMaster(detail, masterId)}`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** The master's rows in detail order (the order column, else creation), at most `limit`. */
export async function selectDetailRows(
  db: Db,
  detail: DetailTable,
  masterId: string,
  limit: number,
): Promise<OnlineRecord[]> {
  const created = sql`${sql.ref('create_time')} asc, ${sql.ref('id')} asc`;
  const order = detail.orderColumn
    ? sql`${sql.ref(detail.orderColumn.column)} asc nulls last, ${created}`
    : created;
  const { rows } = await sql<OnlineRecord>`select ${detail.select} from ${detail.from}
    where ${ofMaster(detail, masterId)} order by ${order} limit ${limit}`.execute(db);
  return rows;
}

export async function countDetailRows(
  db: Db,
  detail: DetailTable,
  masterId: string,
): Promise<number> {
  const { rows } = await sql<{ total: number | string }>`select count(*) as total
    from ${detail.from} where ${ofMaster(detail, masterId)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** Deletes rows of the master by id (ids of other masters are left alone). */
export async function deleteDetailRows(
  db: Db,
  detail: DetailTable,
  masterId: string,
  ids: readonly string[],
): Promise<void> {
  for (const part of chunks(ids, IN_CHUNK)) {
    await releasing(db, detail, (returning) =>
      sql<Record<string, unknown>>`delete from ${detail.from} where ${ofMaster(detail, masterId)}
        and ${sql.ref('id')} in (${sql.join(part)}) ${returning}`.execute(db),
    );
  }
}

/** Deletes every row of the masters. */
export async function deleteDetailsOf(
  db: Db,
  detail: DetailTable,
  masterIds: readonly string[],
): Promise<void> {
  for (const part of chunks(masterIds, IN_CHUNK)) {
    await releasing(db, detail, (returning) =>
      sql<Record<string, unknown>>`delete from ${detail.from}
        where ${sql.ref(detail.foreignKey.column)} in (${sql.join(part)}) ${returning}`.execute(db),
    );
  }
}

/** Runs a delete of detail rows that returns their file values, and releases those files. */
async function releasing(
  db: Db,
  detail: DetailTable,
  remove: (returning: RawBuilder<unknown>) => Promise<QueryResult<Record<string, unknown>>>,
): Promise<void> {
  const columns = fileColumnsOf(detail);
  if (columns.length === 0) {
    await remove(sql``);
    return;
  }
  const values = columns.map((c) => sql`${sql.ref(c.column)} as ${sql.id(c.name)}`);
  const { rows } = await remove(sql`returning ${sql.join(values)}`);
  await releaseRecordFiles(db, columns, rows);
}

/**
 * Those of `values` the column holds more than once (checked after a save wrote its rows), as
 * text.
 */
export async function repeatedValues(
  db: Db,
  table: OnlineTable,
  column: OnlineColumn,
  values: readonly SqlValue[],
): Promise<string[]> {
  const found: string[] = [];
  const ref = sql.ref(column.column);
  for (const part of chunks(values, IN_CHUNK)) {
    const { rows } = await sql<{ v: string }>`select cast(${ref} as text) as v from ${table.from}
      where ${ref} in (${sql.join(part)}) group by ${ref} having count(*) > 1`.execute(db);
    found.push(...rows.map((r) => r.v));
  }
  return found;
}
