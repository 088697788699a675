/** Helpers of the page-store tests: paths, a sample definition, catalogue reads. */
import { sql } from 'kysely';
import type { PageDefinition } from '../../src/contracts/page';
import { PageApiPath } from '../../src/contracts/page-api';
import type { Db } from '../../server/db/index';

const at = (path: string) => `/system${path}`;

export const PAGE_API = {
  list: at(PageApiPath.list),
  queryByCode: at(PageApiPath.queryByCode),
  add: at(PageApiPath.add),
  edit: at(PageApiPath.edit),
  delete: at(PageApiPath.delete),
  validate: at(PageApiPath.validate),
  versions: at(PageApiPath.versions),
  version: at(PageApiPath.version),
  rollback: at(PageApiPath.rollback),
  addToMenu: at(PageApiPath.addToMenu),
  dictSources: at(PageApiPath.dictSources),
  render: (code: string) => at(`${PageApiPath.render}${code}`),
  duplicateCheck: at(PageApiPath.duplicateCheck),
  checkRule: at(PageApiPath.checkRule),
} as const;

/** A definition tests may change in place. */
type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
export type DraftPage = DeepMutable<PageDefinition>;

/** A list page owning a small table; `code` names both. */
export function samplePage(code: string, table = code): DraftPage {
  return {
    schemaVersion: 2,
    code,
    title: `测试页面 ${code}`,
    kind: 'list',
    table: {
      name: table,
      columns: [
        { name: 'title', type: 'string', length: 50, nullable: false, comment: '标题' },
        { name: 'amount', type: 'decimal', precision: 10, scale: 2 },
        { name: 'visits', type: 'int' },
      ],
      indexes: [{ name: `idx_${table}_title`, columns: ['title'] }],
    },
    fields: [
      { name: 'title', label: '标题', type: 'input', query: true },
      { name: 'amount', label: '金额', type: 'inputNumber' },
      { name: 'visits', label: '访问次数', type: 'inputNumber' },
    ],
  } as DraftPage;
}

/** Column name → SQL type (`character varying(50)`, …) and nullability, from the catalogue. */
export async function columnsOf(
  db: Db,
  table: string,
): Promise<Record<string, { type: string; nullable: boolean }>> {
  const { rows } = await sql<{ name: string; type: string; notNull: boolean }>`
    select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null
    from pg_attribute a
    where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, { type: r.type, nullable: !r.notNull }]));
}

export async function indexesOf(db: Db, table: string): Promise<Record<string, string>> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname::text, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = ${table} order by indexname`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
}

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass(${table}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}

export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0]?.n ?? 0;
}
