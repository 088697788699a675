import { sql, type Kysely } from 'kysely';
import { runStatements } from './statements';
import { syncShippedMenus, type ShippedMenu } from './sync-menus';

/**
 * 日志管理 (issue 23).
 *
 * - Login-log rows say what happened (`event`: login, login_failed, locked, logout, expired,
 *   forced_logout, password_reset); the rows written so far were successful logins.
 * - Operation-log rows are written by the database itself: `sys_audit_row` is an AFTER ROW
 *   trigger on every audited table. While a signed-in write request runs, the server sets
 *   `sys_audit.ctx` (who, address, route, permission code, the log row's id) on the connection;
 *   the trigger then records the changed row in that request's one `sys_log` row, inside the
 *   transaction of the change — a change without its log row cannot commit. Outside a request
 *   (the scheduler, seeds, migrations) the setting is empty and the trigger does nothing.
 * - Secrets never reach the log: a column whose name holds password, salt, secret, token or
 *   private shows as ******; long text is cut. An update records only the columns it changed.
 *   A request keeps its first 50 changed rows and counts the rest (`sys_audit.n`), so a
 *   100,000-row import costs one counter per row, not a growing log row.
 * - Adds 系统管理 → 日志管理 with its buttons.
 */

const SYSTEM: readonly ShippedMenu[] = [
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    icon: 'setting',
    children: [
      {
        name: '日志管理',
        url: '/isystem/log',
        component: 'system/LogList',
        icon: 'audit',
        perms: 'log:list',
        buttons: [{ name: '导出', perms: 'log:export' }],
      },
    ],
  },
];

/** Tables the trigger is not attached to: the log itself, and what changes on every call. */
const UNAUDITED = ['sys_log', 'sys_login_failure', 'kysely_migration', 'kysely_migration_lock'];

const CLEAN_FUNCTION = `
create or replace function sys_audit_clean(row_values jsonb) returns jsonb
language sql immutable as $$
  select coalesce(jsonb_object_agg(key, case
      when key ~ '(password|salt|secret|token|private)' then to_jsonb('******'::text)
      when jsonb_typeof(value) = 'string' and length(value #>> '{}') > 1000
        then to_jsonb(left(value #>> '{}', 1000) || '…')
      else value end), '{}'::jsonb)
  from jsonb_each(row_values)
$$`;

const ROW_FUNCTION = `
create or replace function sys_audit_row() returns trigger
language plpgsql as $$
declare
  context_text text := current_setting('sys_audit.ctx', true);
  context jsonb;
  seen int;
  old_values jsonb;
  new_values jsonb;
  changed text[];
  row_id text;
  change jsonb;
begin
  if context_text is null or context_text = '' then return null; end if;
  -- A session's calls move its last-seen time; that is not an operation.
  if tg_table_name = 'sys_session' and tg_op = 'UPDATE' then return null; end if;
  if tg_op <> 'INSERT' then old_values := to_jsonb(old); end if;
  if tg_op <> 'DELETE' then new_values := to_jsonb(new); end if;
  if tg_op = 'UPDATE' then
    select array_agg(n.key) into changed from jsonb_each(new_values) n
      where n.value is distinct from old_values -> n.key;
    if changed is null then return null; end if;
    select jsonb_object_agg(key, value) into old_values from jsonb_each(old_values)
      where key = any(changed) or key in ('id', 'config_key');
    select jsonb_object_agg(key, value) into new_values from jsonb_each(new_values)
      where key = any(changed);
  end if;
  context := context_text::jsonb;
  seen := coalesce(nullif(current_setting('sys_audit.n', true), ''), '0')::int;
  perform set_config('sys_audit.n', (seen + 1)::text, false);
  row_id := coalesce(new_values ->> 'id', old_values ->> 'id',
    new_values ->> 'config_key', old_values ->> 'config_key');
  old_values := old_values - 'id';
  if seen < 50 then
    change := jsonb_build_object('table', tg_table_name, 'id', row_id, 'op', lower(tg_op),
      'before', case when old_values is null then null else sys_audit_clean(old_values) end,
      'after', case when new_values is null then null else sys_audit_clean(new_values) end);
  end if;
  if seen = 0 then
    -- The request's first change makes its row (another connection of the same request may
    -- have made it already: then the change is added to it).
    insert into sys_log (id, log_type, log_content, operate_type, userid, username, ip, method,
        request_url, request_type, create_by, permission_code, target_table, target_id,
        change_count, changes)
      values (context ->> 'id', 2, context ->> 'content', (context ->> 'operateType')::smallint,
        context ->> 'userId', context ->> 'username', context ->> 'ip', context ->> 'route',
        context ->> 'url', context ->> 'method', context ->> 'username', context ->> 'code',
        tg_table_name, row_id, 1, jsonb_build_array(change))
      on conflict (id) do update set change_count = sys_log.change_count + 1,
        changes = sys_log.changes || excluded.changes;
  elsif seen < 50 then
    update sys_log set change_count = change_count + 1, changes = changes || jsonb_build_array(change)
      where id = context ->> 'id';
  elsif seen = 50 then
    update sys_log set changes_truncated = true where id = context ->> 'id';
  end if;
  return null;
end
$$`;

const ATTACH_FUNCTION = `
create or replace function sys_audit_attach(table_name text) returns void
language plpgsql as $$
begin
  execute format('create or replace trigger sys_audit after insert or update or delete on %I '
    || 'for each row execute function sys_audit_row()', table_name);
end
$$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table sys_log add column event varchar(20);
    update sys_log set event = 'login' where log_type = 1;
    alter table sys_log add column permission_code varchar(100);
    alter table sys_log add column target_table varchar(64);
    alter table sys_log add column target_id varchar(64);
    alter table sys_log add column change_count integer not null default 0;
    alter table sys_log add column changes jsonb;
    alter table sys_log add column changes_truncated boolean not null default false;
    create index idx_sys_log_target on sys_log (target_table, target_id);
    `,
  );
  for (const statement of [CLEAN_FUNCTION, ROW_FUNCTION, ATTACH_FUNCTION]) {
    await sql.raw(statement).execute(db);
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  for (const { name } of rows) {
    if (!UNAUDITED.includes(name)) await sql`select sys_audit_attach(${name})`.execute(db);
  }
  await syncShippedMenus(db, SYSTEM);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select event_object_table as name from information_schema.triggers
    where trigger_name = 'sys_audit' and trigger_schema = current_schema()`.execute(db);
  for (const name of new Set(rows.map((r) => r.name))) {
    await sql`drop trigger if exists sys_audit on ${sql.table(name)}`.execute(db);
  }
  await runStatements(
    db,
    `
    drop function if exists sys_audit_attach(text);
    drop function if exists sys_audit_row();
    drop function if exists sys_audit_clean(jsonb);
    drop index if exists idx_sys_log_target;
    alter table sys_log drop column event, drop column permission_code, drop column target_table,
      drop column target_id, drop column change_count, drop column changes,
      drop column changes_truncated;
    `,
  );
}
