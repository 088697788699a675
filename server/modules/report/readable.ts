import { sql } from 'kysely';
import { loadUserCodes } from '../../auth/codes';
import { loadUserDataRules } from '../../auth/data-rules';
import type { Db } from '../../db/index';
import type { DataRule } from '../../http/access';
import type { PageCache } from '../page/store';
import type { ReportAccess } from './sql-check';

/**
 * What a report may read: the tables its author may list, and no more (docs/reports.md).
 *
 * - A system table through the list code of its screen (`sys_user` with `user:list`, …);
 *   `sys_user` itself only as the view `report_safe.sys_user`, which has no `password`
 *   (the report's search path puts `report_safe` first, and the check refuses schema names).
 * - A page's table and its details' tables through `online:{code}:list`.
 * - The tables named in `REPORT_TABLES`, and the public area table.
 * - Never: sessions, login failures, the log, file storage, settings, migrations — whatever
 *   the author holds and whatever `REPORT_TABLES` says.
 * - A table the author may list only under a data rule is refused: a report cannot apply the
 *   rule, and would show every row to everyone who opens it.
 *
 * A saved report is held to its last saver's access at every run, so losing a permission
 * closes the reports one wrote.
 */

/** System tables and the screen whose list code opens them. */
const SYSTEM_TABLES: Readonly<Record<string, string>> = {
  sys_user: 'user:list',
  sys_user_role: 'user:list',
  sys_user_depart: 'user:list',
  sys_role: 'role:list',
  sys_role_permission: 'role:list',
  sys_permission: 'permission:list',
  sys_permission_data_rule: 'permission:list',
  sys_depart: 'depart:list',
  sys_depart_permission: 'depart:list',
  sys_depart_role: 'depart:list',
  sys_depart_role_user: 'depart:list',
  sys_depart_role_permission: 'depart:list',
  sys_dict: 'dict:list',
  sys_dict_item: 'dict:list',
  sys_position: 'position:list',
  sys_category: 'category:list',
  sys_check_rule: 'checkRule:list',
  sys_announcement: 'notice:list',
  sys_announcement_send: 'notice:list',
  sys_quartz_job: 'quartz:list',
  sys_quartz_job_log: 'quartz:list',
  sys_page: 'lowcode:page:list',
  sys_page_version: 'lowcode:page:list',
  onl_cgreport_head: 'lowcode:report:list',
  onl_cgreport_version: 'lowcode:report:list',
};

/** Public data (the area picker's routes need no sign-in). */
const PUBLIC_TABLES: readonly string[] = ['sys_area'];

/** Credentials, sessions and internals: never readable by a report. */
export const NEVER_READABLE: ReadonlySet<string> = new Set([
  'sys_session',
  'sys_login_failure',
  'sys_log',
  'sys_file',
  'sys_config',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Who designs or saved a report: the permission codes and data rules they hold. */
export interface ReportAuthor {
  readonly codes: ReadonlySet<string>;
  readonly dataRules: ReadonlyMap<string, readonly DataRule[]>;
}

const NOBODY: ReportAuthor = { codes: new Set(), dataRules: new Map() };

const listable = (author: ReportAuthor, code: string) =>
  author.codes.has(code) && (author.dataRules.get(code)?.length ?? 0) === 0;

/**
 * The tables `author` may read in a report (plus `REPORT_TABLES`); pages' tables from the page
 * cache's summary (no query once it is loaded).
 */
export async function reportAccessOf(
  pages: PageCache,
  author: ReportAuthor,
  reportTables: readonly string[],
): Promise<ReportAccess> {
  const tables = new Set<string>([...PUBLIC_TABLES, ...reportTables]);
  for (const [table, code] of Object.entries(SYSTEM_TABLES)) {
    if (listable(author, code)) tables.add(table);
  }
  for (const page of await pages.tables()) {
    if (!listable(author, `online:${page.code}:list`)) continue;
    if (page.table) tables.add(page.table.name);
    for (const detail of page.details) tables.add(detail);
  }
  for (const table of NEVER_READABLE) tables.delete(table);
  return { tables };
}

/** The codes and data rules of the user of that name now; nobody's when gone or frozen. */
export async function reportAuthorNamed(db: Db, username: string | null): Promise<ReportAuthor> {
  if (!username) return NOBODY;
  const { rows } = await sql<{ id: string }>`
    select id from sys_user
    where username = ${username} and del_flag = 0 and status = 1`.execute(db.withoutPlugins());
  const id = rows[0]?.id;
  if (!id) return NOBODY;
  const [codes, dataRules] = await Promise.all([loadUserCodes(db, id), loadUserDataRules(db, id)]);
  return { codes, dataRules };
}

/** The access of a saved report: its last saver's, now. */
export async function reportAccessOfSaved(
  db: Db,
  pages: PageCache,
  author: string | null | undefined,
  reportTables: readonly string[],
): Promise<ReportAccess> {
  return reportAccessOf(pages, await reportAuthorNamed(db, author ?? null), reportTables);
}
