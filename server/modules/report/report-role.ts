import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { NEVER_READABLE } from './readable';

/**
 * On a PostgreSQL server, report SQL runs as a role of its own (`SET LOCAL ROLE`) that may
 * only SELECT the tables reports may read: every table of `public` but the never-readable ones
 * and `sys_user` (read through the view `report_safe.sys_user`, without `password`), tables
 * created later (pages) included. So the database refuses what the SQL check might let
 * through. The embedded database has one user and no roles: the check alone holds there.
 *
 * Set up at start; when the database user may not create roles, reports run without it and
 * the reason is logged once.
 */

export const REPORT_ROLE = 'schema_admin_report';

const roles = new WeakMap<Db, string>();

/** The role report SQL runs as on this database, or null (embedded, or not set up). */
export function reportRoleOf(db: Db): string | null {
  return roles.get(db) ?? null;
}

function isDuplicate(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // duplicate_object, or two processes creating it at once (unique_violation on pg_authid).
  return code === '42710' || code === '23505';
}

async function createRole(db: Db): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from pg_roles where rolname = ${REPORT_ROLE}) as found`.execute(db);
  if (rows[0]?.found) return;
  try {
    await sql.raw(`create role ${REPORT_ROLE} nologin`).execute(db);
  } catch (error) {
    if (!isDuplicate(error)) throw error;
  }
}

/** Creates the role (once per server) and grants it what reports may read in this database. */
export async function prepareReportRole(db: Db, warn: (message: string) => void): Promise<void> {
  try {
    await createRole(db);
    const { rows } = await sql<{ superuser: boolean; member: boolean }>`
      select r.rolsuper as superuser, pg_has_role(current_user, ${REPORT_ROLE}, 'member') as member
      from pg_roles r where r.rolname = current_user`.execute(db);
    if (!rows[0]?.superuser && !rows[0]?.member) {
      await sql.raw(`grant ${REPORT_ROLE} to current_user`).execute(db);
    }
    const hidden = [...NEVER_READABLE, 'sys_user'];
    for (const statement of [
      `grant usage on schema public, report_safe to ${REPORT_ROLE}`,
      `grant select on all tables in schema public to ${REPORT_ROLE}`,
      `grant select on all tables in schema report_safe to ${REPORT_ROLE}`,
      // Page tables created later.
      `alter default privileges in schema public grant select on tables to ${REPORT_ROLE}`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    const { rows: present } = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename = any(${hidden})`.execute(db);
    for (const { name } of present) {
      await sql.raw(`revoke all on table public.${name} from ${REPORT_ROLE}`).execute(db);
    }
    roles.set(db, REPORT_ROLE);
  } catch (error) {
    warn(
      `report role ${REPORT_ROLE} not set up (${(error as Error).message}); ` +
        'report SQL runs as the server user, held by the SQL check alone',
    );
  }
}
