import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema';
import { LATEST_MIGRATION, migrationProvider } from './migrations/index';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  readonly db: Db;
  /** `pglite` (embedded, in-process) or `postgres` (a server). */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded database is used. */
  readonly databaseUrl?: string | null;
  /** Folder of the embedded database; absent means in memory (tests). */
  readonly dataDir?: string | null;
  /** A PGlite data-dir tarball to start an in-memory or empty database from (skips initdb). */
  readonly loadDataDir?: Blob | null;
}

// Both drivers answer `date` as the plain 'YYYY-MM-DD' text (no time-zone shift),
// `bigint` (count(*)) and `numeric` (sort_no) as numbers: every value we keep in them is small.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
// `pg` (and its parsers) load only when a PostgreSQL server is configured: the embedded
// database does not pay its import time at start.
async function loadPg() {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(DATE_OID, (v: string) => v);
  pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));
  pg.types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
  return pg;
}

const pgliteParsers = {
  [DATE_OID]: (v: string) => v,
  [INT8_OID]: (v: string) => Number(v),
  [NUMERIC_OID]: (v: string) => Number(v),
};

/**
 * A fresh PGlite cluster costs ~5 s of initdb; the build stores an empty initialised cluster
 * next to the server bundle so the first start of a new data folder only unpacks it (~1 s).
 */
export function initdbTemplateName(): string {
  // The package's exports map hides package.json; find it beside the resolved entry.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `pglite-initdb-${version}.tar.gz`;
}

function findInitdbTemplate(): Blob | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, initdbTemplateName());
  if (!fs.existsSync(file)) return null;
  return new Blob([fs.readFileSync(file)]);
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function openPglite(options: DatabaseOptions): Promise<PGlite> {
  const dataDir = options.dataDir ?? undefined;
  let loadDataDir = options.loadDataDir ?? null;
  if (!loadDataDir && dataDir && isEmptyDir(dataDir)) loadDataDir = findInitdbTemplate();
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: pgliteParsers,
  });
}

/** Opens the database the options name. Nothing is migrated yet; see `migrateToLatest`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pg = await loadPg();
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await openPglite(options);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** True when the newest migration has run (one read; no lock, no DDL). */
async function isUpToDate(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name desc limit 1`.execute(db);
    return rows[0]?.name === LATEST_MIGRATION;
  } catch {
    return false; // no migration table yet: a new database
  }
}

/** Runs every pending migration; throws (naming the migration) when one fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  // The common case, a restart, costs one query instead of the migrator's lock dance.
  if (await isUpToDate(db)) return;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
}
