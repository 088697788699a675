import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema';
import { LATEST_MIGRATION, migrationProvider } from './migrations/index';
import { EmbeddedClient, type EmbeddedEvent } from './embedded/client';
import { EmbeddedDialect, embeddedSessionOf } from './embedded/dialect';
import { auditedDialect } from './audit-scope';
import { openPostgresPools, type PoolSettings, type PoolStats } from './postgres';

export type { PoolStats } from './postgres';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  readonly db: Db;
  /** `pglite` (embedded, in a worker thread of this process) or `postgres` (a server). */
  readonly kind: 'pglite' | 'postgres';
  /** The embedded database's worker (restarts, memory); null on a PostgreSQL server. */
  readonly embedded: EmbeddedClient | null;
  close(): Promise<void>;
}

/** What a `db` opened here is: absent means the embedded database (no pool). */
const servers = new WeakMap<Db, { readonly poolStats: () => PoolStats }>();

/** The PostgreSQL pools' connections now; null on the embedded database (no pool). */
export function poolStatsOf(db: Db): PoolStats | null {
  return servers.get(db)?.poolStats() ?? null;
}

/** Which database `db` (as opened here) talks to; what a feature of one server only asks. */
export function databaseKindOf(db: Db): DatabaseHandle['kind'] {
  return servers.has(db) ? 'postgres' : 'pglite';
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded database is used. */
  readonly databaseUrl?: string | null;
  /**
   * Folder of the embedded database; required without `databaseUrl`. Always a folder, never
   * memory: the watchdog that ends a runaway statement reopens it (server/db/embedded/).
   */
  readonly dataDir?: string | null;
  /** A PostgreSQL server's pools (size, timeouts); default DEFAULT_POOL_SETTINGS. */
  readonly pool?: PoolSettings;
  /** Told when a PostgreSQL connection fails outside a call (the server went away). */
  readonly onConnectionError?: (error: Error) => void;
  /** Told when the embedded database restarts (a statement past its budget, a recycle). */
  readonly onEmbeddedEvent?: (event: EmbeddedEvent) => void;
}

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

function findInitdbTemplate(): Uint8Array | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, initdbTemplateName());
  if (!fs.existsSync(file)) return null;
  return fs.readFileSync(file);
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function openEmbedded(options: DatabaseOptions): Promise<EmbeddedClient> {
  const dataDir = options.dataDir;
  if (!dataDir) throw new Error('the embedded database needs a data folder (DATA_DIR)');
  const empty = isEmptyDir(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  return EmbeddedClient.open({
    dataDir,
    // A new folder starts from the build's initialised cluster, when there is one (no initdb).
    loadDataDir: empty ? findInitdbTemplate() : null,
    ...(options.onEmbeddedEvent ? { onEvent: options.onEmbeddedEvent } : {}),
  });
}

/** Opens the database the options name. Nothing is migrated yet; see `migrateToLatest`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const { pool, stats } = await openPostgresPools(
      options.databaseUrl,
      options.onConnectionError,
      options.pool,
    );
    const db = new Kysely<Database>({
      dialect: auditedDialect(new PostgresDialect({ pool }), (connection) => connection),
      plugins,
    });
    servers.set(db, { poolStats: stats });
    return { db, kind: 'postgres', embedded: null, close: () => db.destroy() };
  }
  const embedded = await openEmbedded(options);
  const db = new Kysely<Database>({
    dialect: auditedDialect(new EmbeddedDialect(embedded), embeddedSessionOf),
    plugins,
  });
  // Kysely destroys its driver only once a query ran; the worker is ended either way.
  const close = async () => {
    await db.destroy();
    await embedded.close();
  };
  return { db, kind: 'pglite', embedded, close };
}

/** True when the newest migration has run (one read; no lock, no DDL). */
export async function isUpToDate(db: Db): Promise<boolean> {
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
