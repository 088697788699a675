import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * 系统通告 (jeecg-api.md §4.7): announcements and, per user, which ones reached them and
 * whether they were read. Column names follow the reference system (`titile` sic).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_announcement (
      id varchar(32) primary key,
      titile varchar(100) not null,
      msg_content text,
      msg_abstract text,
      start_time timestamptz,
      end_time timestamptz,
      sender varchar(100),
      priority varchar(255) not null default 'L',
      msg_category varchar(10) not null default '2',
      msg_type varchar(10) not null default 'ALL',
      send_status varchar(10) not null default '0',
      send_time timestamptz,
      cancel_time timestamptz,
      del_flag varchar(1) not null default '0',
      bus_type varchar(20),
      bus_id varchar(50),
      open_type varchar(20),
      open_page varchar(255),
      user_ids text,
      create_by varchar(32),
      create_time timestamptz not null default now(),
      update_by varchar(32),
      update_time timestamptz
    );
    create index idx_sys_announcement_status on sys_announcement(send_status, del_flag);

    create table sys_announcement_send (
      id varchar(32) primary key,
      annt_id varchar(32) not null references sys_announcement(id) on delete cascade,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      read_flag varchar(10) not null default '0',
      read_time timestamptz,
      create_time timestamptz not null default now(),
      constraint uniq_sys_announcement_send unique (annt_id, user_id)
    );
    create index idx_sys_announcement_send_user on sys_announcement_send(user_id, read_flag);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table sys_announcement_send, sys_announcement`);
}
