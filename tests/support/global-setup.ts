/**
 * Global setup of the API suite (vitest `server` project). Prepares the database every test
 * file starts from (migrated, seeded with demo data, built-in pages loaded), once per run:
 *
 * - Embedded (default): migrates and seeds a cluster in a folder under `.tmp/` and closes it;
 *   every test file opens a copy of that folder of its own (a file copy and a clean open, not
 *   ~5 s of initdb). A freshly initialised, still empty cluster is kept too, for the tests that
 *   seed a database themselves (production seed).
 * - `DATABASE_URL` set (a PostgreSQL server): creates a migrated and seeded template database
 *   named after the URL's database; every test file copies it with `CREATE DATABASE … TEMPLATE`
 *   and drops its copy when done. Teardown drops the template and any copy a crashed file left.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { loadBuiltinPages } from '../../server/modules/page/builtin';
import {
  adminUrl,
  databaseNameOf,
  dropDatabase,
  dropDatabasesLike,
  quoteIdent,
  withAdminClient,
} from './postgres';

/** Where the test files find their starting database. Plain data: it crosses into workers. */
export type TestDbSetup =
  | {
      readonly kind: 'pglite';
      /** Folder of the migrated and seeded (demo data) cluster, closed: test files copy it. */
      readonly seededCluster: string;
      /** Folder of a freshly initialised cluster: no tables at all. */
      readonly emptyCluster: string;
      /** Where each test file's database gets a folder of its own. */
      readonly dataDirs: string;
    }
  | {
      readonly kind: 'postgres';
      /** The server as DATABASE_URL names it; copies live beside its database. */
      readonly baseUrl: string;
      /** Migrated and seeded database the test files copy. */
      readonly templateName: string;
      /** Prefix of every database a test file creates (dropped at teardown if left over). */
      readonly copyPrefix: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbSetup;
  }
}

const DEMO_SEED = { production: false, adminPassword: null } as const;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders of runs that ended without their teardown (killed, crashed). */
function removeStaleFolders(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const pid = /-(\d+)$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

async function setUpPglite(): Promise<{ setup: TestDbSetup; teardown: () => Promise<void> }> {
  const dir = path.resolve(process.cwd(), '.tmp', 'test-db');
  fs.mkdirSync(dir, { recursive: true });
  removeStaleFolders(dir);
  const run = path.join(dir, `run-${process.pid}`);
  const emptyCluster = path.join(run, 'empty');
  const seededCluster = path.join(run, 'seeded');
  const dataDirs = path.join(run, 'data');

  // Each cluster is closed cleanly before it is copied: a copy then opens without recovery.
  const empty = await openDatabase({ dataDir: emptyCluster });
  await empty.close();
  fs.cpSync(emptyCluster, seededCluster, { recursive: true });
  const seeded = await openDatabase({ dataDir: seededCluster });
  try {
    await migrateToLatest(seeded.db);
    await seedIfEmpty(seeded.db, DEMO_SEED);
    await loadBuiltinPages(seeded.db);
  } finally {
    await seeded.close();
  }
  return {
    setup: { kind: 'pglite', seededCluster, emptyCluster, dataDirs },
    teardown: async () => {
      fs.rmSync(run, { recursive: true, force: true });
    },
  };
}

async function setUpPostgres(
  databaseUrl: string,
): Promise<{ setup: TestDbSetup; teardown: () => Promise<void> }> {
  const base = databaseNameOf(databaseUrl)
    .replace(/[^A-Za-z0-9_]/g, '_')
    .slice(0, 30);
  const templateName = `${base}_tpl_${process.pid}`;
  const copyPrefix = `${base}_t${process.pid}_`;

  await withAdminClient(databaseUrl, async (client) => {
    await dropDatabase(client, templateName);
    await client.query(`create database ${quoteIdent(templateName)}`);
  });
  const handle = await openDatabase({ databaseUrl: adminUrl(databaseUrl, templateName) });
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, DEMO_SEED);
    await loadBuiltinPages(handle.db);
  } finally {
    // A template may have no open connection while it is copied.
    await handle.close();
  }
  return {
    setup: { kind: 'postgres', baseUrl: databaseUrl, templateName, copyPrefix },
    teardown: () =>
      withAdminClient(databaseUrl, async (client) => {
        await dropDatabasesLike(client, copyPrefix);
        await dropDatabase(client, templateName);
      }),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const { setup: testDb, teardown } = databaseUrl
    ? await setUpPostgres(databaseUrl)
    : await setUpPglite();
  project.provide('testDb', testDb);
  return teardown;
}
