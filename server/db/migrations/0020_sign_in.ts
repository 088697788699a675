import { sql, type Kysely } from 'kysely';
import { runStatements } from './statements';

/**
 * Other ways in (issue 24):
 * - `sys_sms_code`: one row per code asked for — also when nothing was sent (a number no
 *   account has), so the per-number and per-address limits count every ask. Only the code's
 *   hash is kept; a code is used once and 5 wrong tries void it.
 * - `sys_third_account`: which single-sign-on subject is which user (provider, subject).
 * - `sys_sso_grant`: short-lived single-sign-on state, by the SHA-256 of its secret: an OIDC
 *   flow (state → nonce, PKCE verifier, the browser that started it), the one-time login
 *   token the callback hands the browser, and CAS tickets already validated (replays).
 * - `sys_session.login_method`: how a session signed in (`password`, `phone`, `oidc:<name>`,
 *   `cas`), so a CAS session's logout also signs out of CAS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table sys_sms_code (
      id varchar(32) primary key,
      mobile varchar(32) not null,
      mode smallint not null,
      code_hash char(64),
      ip varchar(64),
      tries smallint not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index idx_sys_sms_code_mobile on sys_sms_code (mobile, created_at);
    create index idx_sys_sms_code_ip on sys_sms_code (ip, created_at);

    create table sys_third_account (
      id varchar(32) primary key,
      provider varchar(64) not null,
      subject varchar(255) not null,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      email varchar(255),
      create_time timestamptz not null default now(),
      last_login_time timestamptz
    );
    create unique index uniq_sys_third_account on sys_third_account (provider, subject);
    create index idx_sys_third_account_user on sys_third_account (user_id);

    create table sys_sso_grant (
      id_hash char(64) primary key,
      kind varchar(16) not null,
      provider varchar(64) not null,
      browser_hash char(64),
      user_id varchar(32) references sys_user(id) on delete cascade,
      data jsonb,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index idx_sys_sso_grant_expires on sys_sso_grant (expires_at);

    alter table sys_session add column login_method varchar(80);
    `,
  );
  // Links are changed by administrators (用户管理 → 第三方账号): their removals are audited.
  // Codes and grants are anonymous, short-lived secrets and stay out of the log.
  await sql`select sys_audit_attach('sys_third_account')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table sys_session drop column if exists login_method;
    drop table if exists sys_sso_grant;
    drop table if exists sys_third_account;
    drop table if exists sys_sms_code;
    `,
  );
}
