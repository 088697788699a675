import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * Uploaded files (POST /sys/common/upload): where each one is stored under FILES_DIR, the name,
 * size and detected type it came with, who uploaded it, and when a record first referenced it
 * (`attached_at`). Files never attached are removed after UPLOAD_TEMP_HOURS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_file (
      id varchar(32) primary key,
      path varchar(255) not null,
      original_name varchar(255) not null,
      size bigint not null,
      mime varchar(100) not null,
      biz varchar(32) not null,
      create_by varchar(50),
      create_time timestamptz not null default now(),
      attached_at timestamptz,
      constraint uniq_sys_file_path unique (path)
    );
    create index idx_sys_file_create_by on sys_file (create_by, create_time);
    create index idx_sys_file_unattached on sys_file (create_time) where attached_at is null;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'drop table if exists sys_file;');
}
