import { sql, type Kysely } from 'kysely';
import { STANDARD_COLUMNS } from '../../../src/contracts/page-validate';
import type { Database } from '../../db/schema';
import type { ColumnSpec } from './ddl';
import type { TableState } from './ddl-plan';

/**
 * What the database says about a table: whether a relation of that name exists in the current
 * schema, whether the page store made it, and its columns and indexes. Read from the catalogue
 * with the name as a parameter.
 */

type Queryable = Kysely<Database>;

export interface Relation {
  /** Catalogue id, as text (an oid may exceed a signed int). */
  readonly oid: string;
  /** `r` table, `v` view, `i` index, `S` sequence, … */
  readonly kind: string;
  readonly comment: string | null;
}

export async function findRelation(db: Queryable, name: string): Promise<Relation | null> {
  const { rows } = await sql<{ oid: string; kind: string; comment: string | null }>`
    select c.oid::text as oid, c.relkind::text as kind, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${name}`.execute(db);
  return rows[0] ?? null;
}

interface ColumnRow {
  name: string;
  sqlType: string;
  notNull: boolean;
  comment: string | null;
}

const SIMPLE_TYPES: Readonly<Record<string, ColumnSpec['type']>> = {
  text: 'text',
  integer: 'int',
  bigint: 'bigint',
  date: 'date',
  'timestamp with time zone': 'datetime',
  boolean: 'boolean',
};

/** `character varying(100)` → string 100, `numeric(18,2)` → decimal 18,2, … */
export function specFromCatalogue(row: ColumnRow): ColumnSpec {
  const base = {
    name: row.name,
    length: null,
    precision: null,
    scale: null,
    nullable: !row.notNull,
    comment: row.comment,
  };
  const varchar = /^character varying\((\d+)\)$/.exec(row.sqlType);
  if (varchar) {
    const length = Number(varchar[1]);
    return { ...base, type: 'string', length, sqlType: `varchar(${length})` };
  }
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(row.sqlType);
  if (numeric) {
    const [precision, scale] = [Number(numeric[1]), Number(numeric[2])];
    return {
      ...base,
      type: 'decimal',
      precision,
      scale,
      sqlType: `numeric(${precision},${scale})`,
    };
  }
  const simple = Object.hasOwn(SIMPLE_TYPES, row.sqlType) ? SIMPLE_TYPES[row.sqlType] : undefined;
  if (simple) {
    const sqlType = simple === 'int' ? 'integer' : simple === 'datetime' ? 'timestamptz' : simple;
    return { ...base, type: simple, sqlType };
  }
  return { ...base, type: 'other', sqlType: row.sqlType };
}

/** The table's own columns (the standard ones left out) and its indexes but the key. */
export async function readTableState(
  db: Queryable,
  name: string,
  relation: Relation,
): Promise<TableState> {
  const columns = await sql<ColumnRow>`
    select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as sql_type,
           a.attnotnull as not_null, col_description(a.attrelid, a.attnum) as comment
    from pg_attribute a
    where a.attrelid = ${relation.oid}::oid and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  const indexes = await sql<{ name: string; unique: boolean; columns: string[] }>`
    select i.relname::text as name, x.indisunique as unique,
           coalesce((select json_agg(a.attname::text order by k.ord)
                     from unnest(x.indkey) with ordinality as k(attnum, ord)
                     join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum),
                    '[]'::json) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${relation.oid}::oid and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by i.relname`.execute(db);
  const standard = new Set(STANDARD_COLUMNS);
  return {
    name,
    columns: columns.rows.filter((c) => !standard.has(c.name)).map(specFromCatalogue),
    indexes: indexes.rows.map((i) => ({ name: i.name, columns: i.columns, unique: i.unique })),
  };
}

/** Names of the table's columns, in their order (standard ones included). */
async function columnNames(db: Queryable, relation: Relation): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select a.attname::text as name from pg_attribute a
    where a.attrelid = ${relation.oid}::oid and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return rows.map((r) => r.name);
}

/** The standard columns (id, create_by, …) a table does not have. */
export async function missingStandardColumns(db: Queryable, relation: Relation): Promise<string[]> {
  const names = new Set(await columnNames(db, relation));
  return STANDARD_COLUMNS.filter((c) => !names.has(c));
}

/** The columns of the table's primary key, in key order (none: an empty list). */
export async function primaryKeyColumns(db: Queryable, relation: Relation): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select a.attname::text as name
    from pg_index x
    cross join unnest(x.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
    where x.indrelid = ${relation.oid}::oid and x.indisprimary
    order by k.ord`.execute(db);
  return rows.map((r) => r.name);
}
