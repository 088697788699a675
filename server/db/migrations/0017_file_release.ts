import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * When an attached file lost the record that referenced it: a record delete (and a page
 * delete) sets `released_at`; the hourly clean-up removes a file released more than
 * UPLOAD_TEMP_HOURS ago that nothing references any more, and clears `released_at` of one
 * still referenced elsewhere. The partial index keeps the clean-up's lookup off the rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `alter table sys_file add column released_at timestamptz;
    create index idx_sys_file_released on sys_file (released_at) where released_at is not null;`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop index if exists idx_sys_file_released;
    alter table sys_file drop column if exists released_at;`,
  );
}
