import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * Demo records name people and departments the way a reader of the file can: `@users:admin,staff`
 * (usernames) and `@departs:A01,A01A05` (org codes). The seeded ids are new on every database,
 * so these become the ids, comma-joined, as a `sel_user` / `sel_depart` field holds them.
 */
const REF = /^@(users|departs):(.+)$/;

const SOURCES = {
  users: { table: 'sys_user', key: 'username' },
  departs: { table: 'sys_depart', key: 'org_code' },
} as const;

/** The value with a reference replaced by the ids; throws naming one that names no one. */
async function resolveOne(db: Db, value: unknown, where: string): Promise<unknown> {
  if (typeof value !== 'string') return value;
  const match = REF.exec(value);
  if (!match) return value;
  const source = SOURCES[match[1] as keyof typeof SOURCES];
  const names = match[2]!.split(',').map((n) => n.trim());
  const { rows } = await sql<{ id: string; name: string }>`select id, ${sql.ref(source.key)} as name
    from ${sql.table(source.table)} where ${sql.ref(source.key)} in (${sql.join(names)})`.execute(
    db,
  );
  const ids = names.map((name) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`${where}: ${value} names no ${source.table} row ${name}`);
    return row.id;
  });
  return ids.join(',');
}

/** A demo record with its `@users:` / `@departs:` references resolved to ids. */
export async function resolveDemoRefs(
  db: Db,
  record: Readonly<Record<string, unknown>>,
  where: string,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = await resolveOne(db, value, where);
  return out;
}
