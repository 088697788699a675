import type { Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * Login lockout by name (server/auth/login-lockout.ts): wrong passwords are counted per
 * normalised username whether or not an account of that name exists, so the lockout tells
 * nobody which names exist. A row is keyed by the SHA-256 of the name (the table keeps no typed
 * text) and means nothing after `expires_at`. Locks in force carry over from the per-account
 * columns, which go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_login_failure (
      name_hash char(64) primary key,
      fail_count integer not null,
      locked_until timestamptz,
      expires_at timestamptz not null
    );
    create index idx_sys_login_failure_expires on sys_login_failure(expires_at);

    insert into sys_login_failure (name_hash, fail_count, locked_until, expires_at)
      select encode(sha256(convert_to(username, 'UTF8')), 'hex'), 0, locked_until, locked_until
      from sys_user
      where locked_until > now()
      on conflict (name_hash) do nothing;

    alter table sys_user drop column login_fail_count;
    alter table sys_user drop column locked_until;
    `,
  );
}
