import { sql, type QueryExecutorProvider } from 'kysely';
import type { ColumnType } from '../../../src/contracts/page';
import { newId } from '../../ids';
import type { RowValues } from './queries';
import type { OnlineTable } from './table';

/**
 * Many rows in one INSERT with one array parameter per column (`unnest`), for imports: a
 * statement of N rows binds (columns + 1) parameters instead of N × columns, so building,
 * compiling and sending it costs a fraction of the memory and time of a VALUES list. Values
 * travel as text and are cast back to their column's type by names fixed here.
 */

const CAST: Readonly<Record<ColumnType, string>> = {
  string: 'text',
  text: 'text',
  int: 'integer',
  bigint: 'bigint',
  decimal: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
};

/** Inserts `rows` (aligned with `table.writable`) with new ids, create_by and create_time. */
export async function insertRowsByColumn(
  db: QueryExecutorProvider,
  table: OnlineTable,
  rows: readonly RowValues[],
  username: string,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = table.writable;
  const ids = rows.map(() => newId());
  const arrays = columns.map((_column, k) =>
    rows.map((row) => {
      const value = row[k];
      return value === undefined || value === null ? null : String(value);
    }),
  );
  const alias = (k: number) => sql.ref(`u.c${k}`);
  const names = [sql.ref('id'), sql.ref('create_by'), sql.ref('create_time')];
  const target = sql.join([...names, ...columns.map((c) => sql.ref(c.column))]);
  const selected = sql.join([
    alias(0),
    sql`${username}`,
    sql`now()`,
    ...columns.map((c, k) => sql`cast(${alias(k + 1)} as ${sql.raw(CAST[c.type])})`),
  ]);
  const sources = sql.join([ids, ...arrays].map((values) => sql`cast(${values} as text[])`));
  const aliases = sql.join([ids, ...arrays].map((_values, k) => sql.id(`c${k}`)));
  await sql`insert into ${table.from} (${target})
    select ${selected} from unnest(${sources}) as u(${aliases})`.execute(db);
}
