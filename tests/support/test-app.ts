/**
 * The real Fastify app on a database of its own, for API tests, plus small request helpers.
 * One app per test file (`beforeAll`); the database starts from what global-setup prepared.
 */
import { createHash, randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { inject } from 'vitest';
import type { ApiEnvelope } from '../../src/contracts/envelope';
import type { LoginResult } from '../../src/contracts/session';
import { SIGN_HEADER, TIMESTAMP_HEADER, signatureBase } from '../../src/contracts/sign';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/password';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/index';
import type { Access } from '../../server/http/access';
import type { DataScopeDeclaration } from '../../server/http/row-scope';
import { newId } from '../../server/ids';
import { loadBuiltinPages } from '../../server/modules/page/builtin';
import type { QuartzOptions } from '../../server/modules/quartz/service';
import type { InvalidationBus } from '../../server/realtime/bus';
import { adminUrl, dropDatabase, quoteIdent, withAdminClient } from './postgres';

/** API paths (the browser's base URL is origin + /system). */
export const API = {
  login: '/system/module/default/member/admin/nl/login',
  logout: '/system/module/default/member/admin/logout',
  userInfo: '/system/module/default/member/admin/user-info',
  permissions: '/system/sys/permission/getUserPermissionByToken',
  config: '/system/module/default/configCenter/admin/nl/get',
  securityVerify: '/system/module/default/security/admin/nl/verify',
  departs: '/system/sys/user/getCurrentUserDeparts',
  selectDepart: '/system/sys/selectDepart',
  updatePassword: '/system/sys/user/updatePassword',
  allDictItems: '/system/sys/dict/queryAllDictItems',
  dictItems: (code: string) => `/system/sys/dict/getDictItems/${encodeURIComponent(code)}`,
  refreshDicts: '/system/sys/dict/refleshCache',
} as const;

export const DEMO_PASSWORD = '123456';

// ---------------------------------------------------------------------------------------------
// Databases

export interface TestDatabase {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Opens a handle on the database. PGlite lives inside one handle, so it opens once;
   * PostgreSQL opens as often as needed (several app instances on one database).
   */
  open(): Promise<DatabaseHandle>;
  /** Removes the database (PostgreSQL: DROP DATABASE); call after every handle is closed. */
  drop(): Promise<void>;
}

/**
 * A database of the caller's own: `seeded` (migrated, demo data; the default) or `empty`
 * (a freshly initialised cluster or database with no tables, for seeding tests).
 */
export async function createTestDatabase(
  contents: 'seeded' | 'empty' = 'seeded',
): Promise<TestDatabase> {
  const setup = inject('testDb');
  if (setup.kind === 'pglite') {
    // A copy of the prepared cluster in a folder of its own, removed by drop().
    const dataDir = path.join(setup.dataDirs, randomBytes(6).toString('hex'));
    fs.cpSync(contents === 'seeded' ? setup.seededCluster : setup.emptyCluster, dataDir, {
      recursive: true,
    });
    let opened = false;
    return {
      kind: 'pglite',
      async open() {
        if (opened) throw new Error('an embedded test database opens once');
        opened = true;
        return openDatabase({ dataDir });
      },
      async drop() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `${setup.copyPrefix}${randomBytes(6).toString('hex')}`;
  const source = contents === 'seeded' ? setup.templateName : 'template0';
  await withAdminClient(setup.baseUrl, (client) =>
    client.query(`create database ${quoteIdent(name)} template ${quoteIdent(source)}`),
  );
  return {
    kind: 'postgres',
    open: () => openDatabase({ databaseUrl: adminUrl(setup.baseUrl, name) }),
    drop: () => withAdminClient(setup.baseUrl, (client) => dropDatabase(client, name)),
  };
}

// ---------------------------------------------------------------------------------------------
// Apps

/** A route as registered, with what it declares. */
export interface RouteInfo {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly access: Access | undefined;
  readonly signed: boolean;
  /** The rows it reads or changes (server/http/row-scope.ts). */
  readonly dataScope: DataScopeDeclaration | undefined;
  readonly schema: FastifySchema | undefined;
}

export interface TestAppOptions {
  /** A database shared with other apps; not dropped by `close()`. Default: a fresh seeded one. */
  readonly database?: TestDatabase;
  /** Invalidation bus; closed by `close()`. Default: buildApp's in-process bus. */
  readonly bus?: InvalidationBus;
  /** Extra environment for loadConfig (NODE_ENV=test and STATIC_DIR='' are set). */
  readonly env?: Readonly<Record<string, string>>;
  /** Adds routes or hooks before the app is made ready. */
  readonly extend?: (app: FastifyInstance) => void | Promise<void>;
  /** 定时任务: a fake clock, extra handlers (server/modules/quartz/service.ts). */
  readonly quartz?: QuartzOptions;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly db: Db;
  /** Every route registered on the app, in registration order (one entry per method). */
  readonly routes: readonly RouteInfo[];
  close(): Promise<void>;
}

const FASTIFY_INIT_CHANNEL = 'fastify.initialization';

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const handle = await database.open();
  // As at start (server/main.ts): a no-op on the prepared database, which has them already.
  await loadBuiltinPages(handle.db);
  const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: '', ...options.env }, process.cwd());

  // buildApp registers its routes before it returns, so an onRoute hook has to be on the
  // instance from its creation: Fastify announces every new instance on this channel.
  const routes: RouteInfo[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        routes.push({
          method,
          url: route.url,
          access: route.config?.access,
          signed: route.config?.signed === true,
          dataScope: route.config?.dataScope,
          schema: route.schema,
        });
      }
    });
  };
  diagnostics.subscribe(FASTIFY_INIT_CHANNEL, onInit);
  let building: ReturnType<typeof buildApp>;
  try {
    // Fastify() runs synchronously inside this call, before buildApp's first await.
    building = buildApp({
      config,
      db: handle.db,
      bus: options.bus,
      logger: false,
      quartz: options.quartz,
    });
  } finally {
    diagnostics.unsubscribe(FASTIFY_INIT_CHANNEL, onInit);
  }
  const { app, ctx } = await building;
  if (options.extend) await options.extend(app);
  await app.ready();

  return {
    app,
    ctx,
    db: handle.db,
    routes,
    async close() {
      await app.close();
      await options.bus?.close();
      await handle.close();
      if (!options.database) await database.drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface CallOptions {
  /** Sent as X-Access-Token. */
  readonly token?: string;
  /** JSON body. */
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** Client address (the login rate limit counts per address). */
  readonly remoteAddress?: string;
}

export interface CallResult<T> {
  readonly status: number;
  readonly body: ApiEnvelope<T>;
  /** The raw response text, for "never appears anywhere" checks. */
  readonly text: string;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['x-access-token'] = options.token;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.query ? { query: { ...options.query } } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let body: ApiEnvelope<T>;
  try {
    body = JSON.parse(response.body) as ApiEnvelope<T>;
  } catch {
    throw new Error(`${method} ${url}: HTTP ${response.statusCode}, not JSON: ${response.body}`);
  }
  return { status: response.statusCode, body, text: response.body };
}

/** Logs in and returns the token; throws with the server's message when refused. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  options: Pick<CallOptions, 'remoteAddress'> = {},
): Promise<string> {
  const { body } = await call<LoginResult>(app, 'POST', API.login, {
    ...options,
    body: { username, password },
  });
  if (!body.success) throw new Error(`login ${username} refused: ${body.message}`);
  return body.result.tokenValue;
}

// ---------------------------------------------------------------------------------------------
// Signing (shell.md §7)

/** `yyyyMMddHHmmss` wall-clock time of an instant in a time zone. */
export function wallClockStamp(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return ['year', 'month', 'day', 'hour', 'minute', 'second']
    .map((t) => part(t as Intl.DateTimeFormatPartTypes))
    .join('');
}

/**
 * X-Sign / X-TIMESTAMP headers for a call, computed as the browser does: the URL's query
 * parameters, the JSON body of a non-GET call and a comma-holding last path segment.
 */
export function signHeaders(
  url: string,
  options: { readonly body?: unknown; readonly timestamp?: string } = {},
): Record<string, string> {
  const parsed = new URL(url, 'http://localhost');
  const segment = parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1);
  const base = signatureBase({
    query: Object.fromEntries(parsed.searchParams),
    body: options.body,
    lastPathSegment: decodeURIComponent(segment),
  });
  return {
    [SIGN_HEADER]: createHash('md5').update(base, 'utf8').digest('hex').toUpperCase(),
    [TIMESTAMP_HEADER]: options.timestamp ?? String(Date.now()),
  };
}

// ---------------------------------------------------------------------------------------------
// Data

/** A new user holding these roles (none by default), signed in with `password`: its token. */
export async function signedInUser(
  t: TestApp,
  username: string,
  password: string,
  roleCodes: readonly string[] = [],
): Promise<string> {
  await createUser(t.db, { username, password, roleCodes });
  return login(t.app, username, password);
}

/** Inserts an active user with a password and the given roles (none by default). */
export async function createUser(
  db: Db,
  user: {
    readonly username: string;
    readonly password: string;
    readonly roleCodes?: readonly string[];
    readonly orgCode?: string;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('sys_user')
    .values({
      id,
      username: user.username,
      realname: user.username,
      password: await hashPassword(user.password),
      orgCode: user.orgCode ?? null,
      createBy: 'test',
    })
    .execute();
  for (const roleCode of user.roleCodes ?? []) {
    const role = await db
      .selectFrom('sys_role')
      .select('id')
      .where('roleCode', '=', roleCode)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sys_user_role')
      .values({ id: newId(), userId: id, roleId: role.id })
      .execute();
  }
  return id;
}
