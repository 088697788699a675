import ExcelJS from 'exceljs';
import type { FastifySchema } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOG_CHANGE_LIMIT,
  LOG_SECRET_MASK,
  LOG_TEXT_LIMIT,
  type LogChange,
} from '../../src/contracts/system-log';
import type { ScopedEntity } from '../../server/http/row-scope';
import { multipartBody } from '../support/online-tables';
import { samplePage } from '../support/pages';
import { plainValue } from '../support/route-inputs';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signHeaders,
  type RouteInfo,
  type TestApp,
} from '../support/test-app';

/**
 * The route walk for the operation log (issue 23). The admin calls every registered write
 * route (every method but GET under /system, signed in), with values its schema accepts and
 * rows of the entity it declares. Around each call every audited table is read whole, so the
 * walk knows what the call really changed, independently of the trigger, and checks:
 *
 * - a call that changed rows left exactly one 操作日志 row (log_type 2), naming the caller,
 *   the route and its permission code, and its changes are those rows: inserts with the new
 *   row, deletes with the old, updates with exactly the changed columns before → after;
 * - a call that changed nothing (refused, failed, or a no-op) left none;
 * - no log row holds a secret: password, salt, token and secret columns show only ******.
 */

let t: TestApp;
let admin: string;
let routes: RouteInfo[];

const raw = () => t.db.withoutPlugins();
const SECRET = /(password|salt|secret|token|private)/;

type Row = Record<string, unknown>;
/** Table → row key → row (as to_jsonb gives it). */
type Snapshot = Map<string, Map<string, Row>>;

let audited: string[];

const keyOf = (row: Row) => String(row.id ?? row.config_key ?? JSON.stringify(row));

async function snapshot(): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const table of audited) {
    const { rows } = await sql<{
      r: Row;
    }>`select to_jsonb(t) as r from ${sql.table(table)} t`.execute(raw());
    out.set(table, new Map(rows.map(({ r }) => [keyOf(r), r])));
  }
  return out;
}

/** A value as the log shows it: secrets masked, long text cut. */
function shown(column: string, value: unknown): unknown {
  if (SECRET.test(column)) return LOG_SECRET_MASK;
  if (typeof value === 'string' && value.length > LOG_TEXT_LIMIT) {
    return `${value.slice(0, LOG_TEXT_LIMIT)}…`;
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a call really changed: table/key → before and after (null: absent). */
interface RealChange {
  readonly table: string;
  readonly key: string;
  readonly before: Row | null;
  readonly after: Row | null;
}

/** Writes no request makes in its own name: a session's last-seen time, a job's runs. */
function isBackground(change: RealChange): boolean {
  if (change.table === 'sys_quartz_job_log') return true;
  if (change.table !== 'sys_session' || !change.before || !change.after) return false;
  return Object.keys(change.after).every(
    (column) => column === 'last_seen_at' || same(change.before![column], change.after![column]),
  );
}

function realChanges(before: Snapshot, after: Snapshot): RealChange[] {
  const out: RealChange[] = [];
  for (const table of audited) {
    const was = before.get(table)!;
    const now = after.get(table)!;
    for (const [key, row] of now) {
      const old = was.get(key) ?? null;
      if (!old || !same(old, row)) out.push({ table, key, before: old, after: row });
    }
    for (const [key, row] of was) {
      if (!now.has(key)) out.push({ table, key, before: row, after: null });
    }
  }
  return out.filter((change) => !isBackground(change));
}

interface LogRow {
  readonly id: string;
  readonly username: string;
  readonly method: string;
  readonly permission_code: string | null;
  readonly change_count: number;
  readonly changes_truncated: boolean;
  readonly changes: LogChange[];
}

async function logIds(): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`select id from sys_log where log_type = 2`.execute(
    raw(),
  );
  return new Set(rows.map((r) => r.id));
}

async function newLogRows(known: Set<string>): Promise<LogRow[]> {
  const { rows } = await sql<LogRow>`select id, username, method, permission_code, change_count,
    changes_truncated, changes from sys_log where log_type = 2`.execute(raw());
  return rows.filter((row) => !known.has(row.id));
}

/** Problems of one logged call against what it really changed. */
function compare(label: string, real: RealChange[], log: LogRow): string[] {
  const problems: string[] = [];
  const logged = new Map<string, LogChange[]>();
  for (const change of log.changes) {
    const key = `${change.table} ${change.id}`;
    logged.set(key, [...(logged.get(key) ?? []), change]);
  }
  if (log.changes_truncated || log.change_count >= LOG_CHANGE_LIMIT) {
    // A big write: the first rows are kept; each must be a real change.
    for (const key of logged.keys()) {
      if (!real.some((r) => `${r.table} ${r.key}` === key)) {
        problems.push(`${label}: logs ${key}, which did not change`);
      }
    }
    return problems;
  }
  for (const change of real) {
    const key = `${change.table} ${change.key}`;
    const entries = logged.get(key);
    logged.delete(key);
    if (!entries) {
      problems.push(`${label}: ${key} changed but is not in the log`);
      continue;
    }
    const first = entries[0]!;
    const last = entries.at(-1)!;
    if (!change.before) {
      // An insert (maybe edited again in the same call): the new row, column by column.
      const values: Row = {};
      for (const entry of entries) Object.assign(values, entry.after ?? {});
      if (first.op !== 'insert' || last.op === 'delete') {
        problems.push(`${label}: ${key} inserted, logged ${entries.map((e) => e.op)}`);
      }
      for (const [column, value] of Object.entries(change.after!)) {
        if (!same(values[column], shown(column, value))) {
          problems.push(`${label}: ${key}.${column} logged ${JSON.stringify(values[column])}`);
        }
      }
    } else if (!change.after) {
      if (last.op !== 'delete') problems.push(`${label}: ${key} deleted, logged ${last.op}`);
      const old = first.op === 'delete' ? (first.before ?? {}) : {};
      for (const [column, value] of Object.entries(change.before)) {
        if (column !== 'id' && first.op === 'delete' && !same(old[column], shown(column, value))) {
          problems.push(`${label}: ${key}.${column} before logged ${JSON.stringify(old[column])}`);
        }
      }
    } else {
      const columns = Object.keys(change.after).filter(
        (c) => !same(change.before![c], change.after![c]),
      );
      const loggedColumns = new Set(entries.flatMap((e) => Object.keys(e.after ?? {})));
      if (!same([...loggedColumns].sort(), [...columns].sort())) {
        problems.push(`${label}: ${key} changed ${columns}, logged ${[...loggedColumns]}`);
      }
      for (const column of columns) {
        const before = entries.find((e) => e.before && column in e.before)?.before?.[column];
        const after = [...entries].reverse().find((e) => e.after && column in e.after)?.after?.[
          column
        ];
        if (!same(before, shown(column, change.before[column]))) {
          problems.push(`${label}: ${key}.${column} before logged ${JSON.stringify(before)}`);
        }
        if (!same(after, shown(column, change.after[column]))) {
          problems.push(`${label}: ${key}.${column} after logged ${JSON.stringify(after)}`);
        }
      }
    }
  }
  // What is left was logged without a net change: a row made and removed in one call.
  for (const [key, entries] of logged) {
    if (!(entries[0]!.op === 'insert' && entries.at(-1)!.op === 'delete')) {
      problems.push(`${label}: logs ${key} (${entries.map((e) => e.op)}), which did not change`);
    }
  }
  return problems;
}

const problems: string[] = [];
/** Routes whose call changed rows and was logged. */
const logged = new Set<string>();
/** Routes called, with how many calls changed nothing. */
const called = new Set<string>();

/** A multipart upload instead of a JSON body. */
interface Upload {
  readonly payload: Buffer;
  readonly contentType: string;
}

async function walkCall(
  route: RouteInfo,
  url: string,
  query: Record<string, unknown> | undefined,
  body: unknown,
  upload?: Upload,
): Promise<void> {
  const name = `${route.method} ${route.url}`;
  called.add(name);
  const search = query ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
  const full = `${url}${search}`;
  const known = await logIds();
  const before = await snapshot();
  const send = () =>
    t.app.inject({
      method: route.method,
      url: full,
      headers: upload
        ? { 'x-access-token': admin, 'content-type': upload.contentType }
        : { 'x-access-token': admin, ...signHeaders(full, { body }) },
      ...(upload
        ? { payload: upload.payload }
        : body !== undefined
          ? { payload: body as object }
          : {}),
    });
  let res = await send();
  if (res.statusCode === 401) {
    // An earlier call ended the admin's sessions (a password or role change): sign in again.
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
    res = await send();
  }
  const after = await snapshot();
  for (const change of realChanges(before, after)) {
    if (!change.before) made.set(change.table, change.key);
  }
  const real = realChanges(before, after);
  const rows = await newLogRows(known);
  const label = `${route.method} ${full} ${JSON.stringify(body ?? null).slice(0, 120)}`;
  if (res.statusCode >= 500) problems.push(`${label}: HTTP ${res.statusCode} ${res.body}`);
  if (real.length === 0) {
    const netless = rows.every((row) =>
      row.changes.every((c) => c.op === 'insert' || c.op === 'delete'),
    );
    if (rows.length > 0 && !netless)
      problems.push(`${label}: changed nothing, logged ${rows.length}`);
    return;
  }
  if (rows.length !== 1) {
    problems.push(`${label}: changed ${real.length} rows, ${rows.length} log rows`);
    return;
  }
  const log = rows[0]!;
  if (log.username !== 'admin') problems.push(`${label}: logged as ${log.username}`);
  const path = route.url.replace(/^\/system/, '');
  if (log.method !== path) problems.push(`${label}: route logged as ${log.method}`);
  const codes = route.access?.kind === 'permission' ? route.access.codes : null;
  if (codes && !codes.includes(log.permission_code ?? '')) {
    problems.push(`${label}: code logged ${log.permission_code}, route takes ${codes}`);
  }
  problems.push(...compare(label, real, log));
  logged.add(name);
}

/** Table → key of the row the walk inserted last: edits and deletes work on the walk's rows. */
const made = new Map<string, string>();
/** Rows the walk must keep: what lets the admin in and call the rest. */
let kept: Set<string>;

/** A row of the entity a route declares, for its `id`/`ids`: the walk's own, else another. */
async function rowOf(entity: ScopedEntity): Promise<string | null> {
  const own = made.get(entity.table);
  if (own) return own;
  const { rows } = await sql<{ v: string }>`select ${entity.key} as v from ${entity.from}
    order by 1 desc limit 50`.execute(raw());
  return rows.map((r) => r.v).find((v) => !kept.has(v)) ?? null;
}

function fill(part: unknown, id: string | null): Record<string, unknown> | undefined {
  const schema = part as
    { properties?: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
  if (!schema?.properties) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    if ((name === 'id' || name === 'ids') && id) out[name] = id;
    else if (schema.required?.includes(name) || name === 'name') out[name] = plainValue(prop);
  }
  return out;
}

/** Adds first, then edits, then the rest, deletes last: each finds rows to work on. */
function order(route: RouteInfo): number {
  const last = route.url.split('/').at(-1) ?? '';
  if (/^add|^save/i.test(last)) return 0;
  if (/^edit|^update/i.test(last)) return 1;
  if (/^delete|^remove/i.test(last)) return 3;
  return 2;
}

/** Routes whose call ends the walk's own access, or the app's state for the rest. */
const SKIPPED = new Set([
  'POST /system/sys/logout',
  'GET /system/sys/logout',
  'PUT /system/sys/user/updatePassword',
]);

beforeAll(async () => {
  t = await createTestApp();
  routes = t.routes.filter(
    (r) =>
      r.url.startsWith('/system/') &&
      r.method !== 'GET' &&
      r.method !== 'HEAD' &&
      r.access?.kind !== 'public' &&
      !SKIPPED.has(`${r.method} ${r.url}`) &&
      !r.url.endsWith('/logout'),
  );
  const { rows } = await sql<{ name: string }>`select distinct event_object_table as name
    from information_schema.triggers where trigger_name = 'sys_audit'
    and trigger_schema = current_schema() order by 1`.execute(raw());
  audited = rows.map((r) => r.name).filter((name) => name !== 'sys_area');
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  const { rows: keep } = await sql<{ id: string }>`
    select id from sys_user where username = 'admin'
    union all select role_id from sys_user_role r join sys_user u on u.id = r.user_id
      where u.username = 'admin'
    union all select id from sys_permission
    union all select id from sys_dict`.execute(raw());
  kept = new Set(keep.map((r) => r.id));
});
afterAll(async () => {
  await t?.close();
});

describe('the operation log', () => {
  it('is kept by a trigger on every table but the log itself, the login counters and the sign-in secrets', async () => {
    const { rows } = await sql<{ name: string }>`select table_name as name
      from information_schema.tables where table_schema = current_schema()
      and table_type = 'BASE TABLE' and table_name not in
        (select event_object_table from information_schema.triggers
         where trigger_name = 'sys_audit')`.execute(raw());
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        'kysely_migration',
        'kysely_migration_lock',
        'sys_log',
        'sys_login_failure',
        // SMS codes and single sign-on grants: short-lived secrets, written by anonymous calls.
        'sys_sms_code',
        'sys_sso_grant',
      ].sort(),
    );
  });

  it('every write route that changes rows leaves exactly one row with the changes, and none when it changes nothing', async () => {
    const sorted = [...routes].sort((a, b) => order(a) - order(b));
    for (const route of sorted) {
      const schema = (route.schema ?? {}) as FastifySchema;
      const entity =
        route.dataScope?.kind === 'entity' ? (route.dataScope.entities[0] ?? null) : null;
      const id = entity ? await rowOf(entity) : null;
      const params = fill(schema.params, id);
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
        encodeURIComponent(String(params?.[name] ?? 'x')),
      );
      const hasBody = route.method !== 'DELETE';
      await walkCall(
        route,
        url,
        fill(schema.querystring, id),
        hasBody ? (fill(schema.body, id) ?? {}) : undefined,
      );
    }
    expect(problems).toEqual([]);
    // The walk reached writes of every kind of screen (it would test nothing otherwise).
    expect(logged.size, [...logged].join('\n')).toBeGreaterThan(25);
  }, 600_000);

  it('each kind of write the issue names is logged: page save, grant, job change, import, forced logout', async () => {
    const route = (method: string, url: string) => {
      const found = routes.find((r) => r.method === method && r.url === `/system${url}`);
      if (!found) throw new Error(`no route ${method} ${url}`);
      return found;
    };
    const step = (method: string, url: string, body?: unknown, upload?: Upload) =>
      walkCall(route(method, url), `/system${url}`, undefined, body, upload);

    const page = samplePage('audit_walk_page');
    await step('POST', '/lowcode/page/add', { definition: page });
    // A table a page creates is audited from its first row on.
    const { rows: triggers } = await sql`select 1 from information_schema.triggers
      where trigger_name = 'sys_audit' and event_object_table = 'audit_walk_page'`.execute(raw());
    expect(triggers.length).toBeGreaterThan(0);
    await step('PUT', '/lowcode/page/edit', {
      definition: { ...page, title: '改过的页面' },
      baseVersion: 1,
    });

    const { rows: roles } = await sql<{ id: string }>`select id from sys_role
      where role_code <> 'admin' order by role_code limit 1`.execute(raw());
    const { rows: menus } = await sql<{ id: string }>`select id from sys_permission
      where perms = 'position:list'`.execute(raw());
    await step('POST', '/sys/permission/saveRolePermission', {
      roleId: roles[0]!.id,
      permissionIds: menus[0]!.id,
      lastpermissionIds: '',
    });

    await step('POST', '/sys/quartzJob/add', {
      jobName: '走查任务',
      jobClassName: 'releaseAnnouncements',
      cronExpression: '0 0/5 * * * ?',
      status: -1,
    });
    await step('PUT', '/sys/quartzJob/edit', {
      id: made.get('sys_quartz_job'),
      jobName: '走查任务（改）',
      jobClassName: 'releaseAnnouncements',
      cronExpression: '0 0/10 * * * ?',
      status: -1,
    });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['职务编码', '职务名称', '职级']);
    sheet.addRow(['walk_import_a', '走查导入甲', '员级']);
    sheet.addRow(['walk_import_b', '走查导入乙', '正高级']);
    const file = multipartBody('positions.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    await step('POST', '/sys/position/importExcel', undefined, file);

    await login(t.app, 'staff', DEMO_PASSWORD);
    const { rows: sessions } = await sql<{ id: string }>`select s.id from sys_session s
      join sys_user u on u.id = s.user_id where u.username = 'staff'
      order by s.created_at desc limit 1`.execute(raw());
    await step('POST', '/sys/online/forceLogout', { id: sessions[0]!.id });

    expect(problems).toEqual([]);
    for (const name of [
      'POST /system/lowcode/page/add',
      'PUT /system/lowcode/page/edit',
      'POST /system/sys/permission/saveRolePermission',
      'POST /system/sys/quartzJob/add',
      'PUT /system/sys/quartzJob/edit',
      'POST /system/sys/position/importExcel',
      'POST /system/sys/online/forceLogout',
    ]) {
      expect(logged.has(name), name).toBe(true);
    }
  });

  it('a change of password is logged masked, and the hash is nowhere in the log', async () => {
    const { rows: users } = await sql<{ id: string; password: string }>`select id, password
      from sys_user where username = 'staff'`.execute(raw());
    const staff = users[0]!;
    const res = await call(t.app, 'PUT', '/system/sys/user/changePassword', {
      token: admin,
      body: { username: 'staff', password: 'Changed-pass-42', confirmpassword: 'Changed-pass-42' },
    });
    expect(res.body.success, res.text).toBe(true);
    const { rows } = await sql<{ changes: LogChange[] }>`select changes from sys_log
      where log_type = 2 and target_id = ${staff.id} order by create_time desc limit 1`.execute(
      raw(),
    );
    const change = rows[0]!.changes.find((c) => c.table === 'sys_user')!;
    expect(change.before?.password).toBe(LOG_SECRET_MASK);
    expect(change.after?.password).toBe(LOG_SECRET_MASK);
    const { rows: leaks } = await sql`select id from sys_log
      where changes::text like ${'%' + staff.password.slice(-24) + '%'}`.execute(raw());
    expect(leaks).toEqual([]);
  });

  it('a write outside a request (the scheduler, a seed) is not logged in the last request’s name', async () => {
    const res = await call(t.app, 'POST', '/system/sys/position/add', {
      token: admin,
      body: { code: 'walk_scope_a', name: '请求中新增', postRank: '1' },
    });
    expect(res.body.success, res.text).toBe(true);
    const known = await logIds();
    // The same database session, right after: no scope, so no operation-log row.
    await t.db
      .updateTable('sys_position')
      .set({ name: '请求外修改' })
      .where('code', '=', 'walk_scope_a')
      .execute();
    await t.db.deleteFrom('sys_position').where('code', '=', 'walk_scope_a').execute();
    expect(await newLogRows(known)).toEqual([]);
    const { rows } = await sql`select id from sys_log
      where changes::text like ${'%请求外修改%'}`.execute(raw());
    expect(rows).toEqual([]);
  });

  it('a refused write leaves no row', async () => {
    const known = await logIds();
    const res = await call(t.app, 'POST', '/system/sys/position/add', {
      token: admin,
      body: { code: 'jingli', name: '重复的职务', postRank: '1' },
    });
    expect(res.body.success).toBe(false);
    expect(await newLogRows(known)).toEqual([]);
  });
});
