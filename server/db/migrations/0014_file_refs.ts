import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * Which page guards an uploaded file: `ref_page` is the code of the online page whose record
 * first referenced it (set when the file is attached). Serving or signing the file then needs
 * that page's list permission (`online:{ref_page}:list`); null means any signed-in user (files
 * of system screens: avatars, announcement images, and files not attached yet). Files are
 * looked up by path (unique index of 0013) or id (primary key): no new index is needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'alter table sys_file add column ref_page varchar(100);');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'alter table sys_file drop column if exists ref_page;');
}
