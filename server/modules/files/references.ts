import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';
import { fileColumnsOf } from '../online/file-values';
import { onlineTableOf, type OnlineTable } from '../online/table';
import type { PageCache } from '../page/store';

/**
 * Which of some stored paths a record still references, wherever it is: the file and html
 * columns of every page's tables (details too), users' avatars and announcements' content
 * (logically deleted ones included: their rows are still there). The places that attach
 * files (server/modules/online/file-values.ts, user/avatar.ts, announcement/store.ts) are the
 * places looked in. A value is matched as text containing the path, so a path named inside
 * another value keeps the file: the check may keep too much, never too little.
 */
export type ReferenceCheck = (paths: readonly string[]) => Promise<Set<string>>;

/** `(values ('a'), ('b')) as v(p)`: the paths as a relation to join each table against. */
function pathValues(paths: readonly string[]): RawBuilder<unknown> {
  return sql`(values ${sql.join(paths.map((p) => sql`(${p})`))}) as v(p)`;
}

/** The paths any of `columns` of `table` contains. */
async function referencedIn(
  db: Db,
  paths: readonly string[],
  table: RawBuilder<unknown>,
  columns: readonly string[],
): Promise<string[]> {
  if (columns.length === 0 || paths.length === 0) return [];
  const anyColumn = sql.join(
    columns.map((c) => sql`strpos(cast(t.${sql.ref(c)} as text), v.p) > 0`),
    sql` or `,
  );
  const { rows } = await sql<{ p: string }>`
    select v.p from ${pathValues(paths)}
    where exists (select 1 from ${table} t where ${anyColumn})`.execute(db.withoutPlugins());
  return rows.map((r) => r.p);
}

/** Every table of the live pages with its file and html columns. */
async function pageFileTables(pages: PageCache): Promise<OnlineTable[]> {
  const tables: OnlineTable[] = [];
  for (const { code, table } of await pages.tables()) {
    if (!table) continue;
    const main = onlineTableOf(await pages.get(code), code);
    tables.push(main, ...main.details);
  }
  return tables.filter((t) => fileColumnsOf(t).length > 0);
}

export function referenceCheck(db: Db, pages: PageCache): ReferenceCheck {
  return async (paths) => {
    const found = new Set<string>();
    const left = () => paths.filter((p) => !found.has(p));
    const add = (list: readonly string[]) => list.forEach((p) => found.add(p));
    add(await referencedIn(db, left(), sql`sys_user`, ['avatar']));
    add(await referencedIn(db, left(), sql`sys_announcement`, ['msg_content']));
    for (const table of await pageFileTables(pages)) {
      const columns = fileColumnsOf(table).map((c) => c.column);
      add(await referencedIn(db, left(), table.from, columns));
    }
    return found;
  };
}
