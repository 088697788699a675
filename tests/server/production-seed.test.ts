import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateToLatest, type DatabaseHandle } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestDatabase,
  type TestDatabase,
} from '../support/test-app';

/** What one test opened, closed after it. */
let opened: { app: FastifyInstance; handle: DatabaseHandle; database: TestDatabase } | null = null;

afterEach(async () => {
  if (!opened) return;
  await opened.app.close();
  await opened.handle.close();
  await opened.database.drop();
  opened = null;
});

/** A fresh database (no tables), migrated, seeded for production, with an app on it. */
async function productionApp(adminPassword: string | null) {
  const database = await createTestDatabase('empty');
  const handle = await database.open();
  const { db } = handle;
  await migrateToLatest(db);
  const outcome = await seedIfEmpty(db, { production: true, adminPassword });
  const config = loadConfig(
    { NODE_ENV: 'production', STATIC_DIR: '', LOG_LEVEL: 'silent' },
    process.cwd(),
  );
  const { app } = await buildApp({ config, db, logger: false });
  await app.ready();
  opened = { app, handle, database };
  return { app, db, outcome };
}

async function tryLogin(app: FastifyInstance, username: string, password: string) {
  return (await call(app, 'POST', API.login, { body: { username, password } })).body;
}

describe('production seed', () => {
  it('generates the admin password and seeds no demo people', async () => {
    const { app, db, outcome } = await productionApp(null);
    expect(outcome.seeded).toBe(true);
    const generated = outcome.generatedAdminPassword;
    expect(typeof generated).toBe('string');
    expect(generated!.length).toBeGreaterThanOrEqual(12);
    expect(generated).not.toBe(DEMO_PASSWORD);

    const users = await db.selectFrom('sys_user').select(['username', 'password']).execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    expect(users[0]!.password.startsWith('scrypt$')).toBe(true);
    expect(users[0]!.password).not.toContain(generated!);
    const roles = await db.selectFrom('sys_role').select('roleCode').execute();
    expect(roles.map((r) => r.roleCode)).toEqual(['admin']);

    expect(await tryLogin(app, 'admin', DEMO_PASSWORD)).toMatchObject({
      success: false,
      message: '用户名或密码错误',
    });
    expect(await tryLogin(app, 'staff', DEMO_PASSWORD)).toMatchObject({ success: false });
    expect(await tryLogin(app, 'admin', generated!)).toMatchObject({ success: true });

    // The menu, dictionaries and base configuration are there all the same.
    const config = await call(app, 'GET', API.config, { query: { key: 'baseConfig' } });
    expect(config.body.success).toBe(true);
    const dicts = await db.selectFrom('sys_dict').select('dictCode').execute();
    expect(dicts.map((d) => d.dictCode)).toEqual(expect.arrayContaining(['sex', 'user_status']));

    // A second start finds data and writes nothing.
    const before = await db.selectFrom('sys_user').select(['username', 'password']).execute();
    const again = await seedIfEmpty(db, { production: false, adminPassword: null });
    expect(again).toEqual({ seeded: false, generatedAdminPassword: null });
    const afterRows = await db.selectFrom('sys_user').select(['username', 'password']).execute();
    expect(afterRows).toEqual(before);
    expect(await tryLogin(app, 'admin', generated!)).toMatchObject({ success: true });
    expect(await tryLogin(app, 'admin', DEMO_PASSWORD)).toMatchObject({ success: false });
  });

  it('uses ADMIN_PASSWORD when given', async () => {
    const { app, db, outcome } = await productionApp('S3cret-pass');
    expect(outcome).toEqual({ seeded: true, generatedAdminPassword: null });
    const users = await db.selectFrom('sys_user').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    expect(await tryLogin(app, 'admin', 'S3cret-pass')).toMatchObject({ success: true });
    expect(await tryLogin(app, 'admin', DEMO_PASSWORD)).toMatchObject({ success: false });

    const again = await seedIfEmpty(db, { production: true, adminPassword: 'Other-pass-1' });
    expect(again.seeded).toBe(false);
    expect(await tryLogin(app, 'admin', 'S3cret-pass')).toMatchObject({ success: true });
    expect(await tryLogin(app, 'admin', 'Other-pass-1')).toMatchObject({ success: false });
  });
});
