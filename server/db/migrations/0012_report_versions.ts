import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * Report definitions keep every saved version, as pages do (sys_page_version): who saved it,
 * when, an optional note and the whole definition. A report that exists when this runs gets
 * one row at its current version (by whoever saved it last); the earlier versions were never
 * kept. Deleting a report deletes its history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table onl_cgreport_version (
      id varchar(32) primary key,
      head_id varchar(32) not null references onl_cgreport_head(id) on delete cascade,
      version integer not null,
      code varchar(100) not null,
      name varchar(100) not null,
      cgr_sql text not null,
      items jsonb not null default '[]',
      params jsonb not null default '[]',
      note varchar(500),
      create_by varchar(50),
      create_time timestamptz not null default now(),
      constraint uniq_onl_cgreport_version unique (head_id, version)
    );
    insert into onl_cgreport_version
      (id, head_id, version, code, name, cgr_sql, items, params, create_by, create_time)
    select md5(id || ':' || version), id, version, code, name, cgr_sql, items, params,
      coalesce(update_by, create_by), coalesce(update_time, create_time)
    from onl_cgreport_head;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'drop table if exists onl_cgreport_version;');
}
