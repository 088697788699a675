import type { PostgresPool } from 'kysely';
import { currentBound, USER_QUERY_BUDGET_MS } from './bounded';

// Both drivers answer `date` as the plain 'YYYY-MM-DD' text (no time-zone shift),
// `bigint` (count(*)) and `numeric` (sort_no) as numbers: every value we keep in them is small.
// (The embedded database's worker sets the same parsers: embedded/worker.ts.)
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** The pools' settings (ServerConfig.databasePool); the defaults are the configuration's. */
export interface PoolSettings {
  /** Connections of each pool. */
  readonly size: number;
  /** PostgreSQL cancels a plain statement running longer (0: never). */
  readonly statementTimeoutMs: number;
  /** A call waits at most this long for a connection: then it answers 503, it does not hang. */
  readonly connectTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  size: 10,
  statementTimeoutMs: 60_000,
  connectTimeoutMs: 5000,
};

// `pg` (and its parsers) load only when a PostgreSQL server is configured: the embedded
// database does not pay its import time at start.
async function loadPg() {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(DATE_OID, (v: string) => v);
  pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));
  pg.types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
  return pg;
}

/**
 * The pools Kysely draws connections from, as one: user-shaped statements (inside
 * `boundedQueries`) run on connections whose statement_timeout is the user-query budget, so
 * PostgreSQL itself cancels them (57014); everything else on the plain pool. A flood of heavy
 * reports can then hold at most the bounded pool's connections.
 */
/** Connections of both pools now: for the metrics. */
export interface PoolStats {
  /** Open connections (busy or idle). */
  readonly total: number;
  /** Connections running a call. */
  readonly inUse: number;
  /** Calls waiting for a connection. */
  readonly waiting: number;
}

export async function openPostgresPools(
  connectionString: string,
  onConnectionError: (error: Error) => void = () => {},
  settings: PoolSettings = DEFAULT_POOL_SETTINGS,
): Promise<{ pool: PostgresPool; stats: () => PoolStats }> {
  const pg = await loadPg();
  const common = {
    connectionString,
    max: settings.size,
    connectionTimeoutMillis: settings.connectTimeoutMs,
  };
  const plain = new pg.Pool({
    ...common,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
  });
  const userBudget =
    settings.statementTimeoutMs > 0
      ? Math.min(USER_QUERY_BUDGET_MS, settings.statementTimeoutMs)
      : USER_QUERY_BUDGET_MS;
  const bounded = new pg.Pool({ ...common, statement_timeout: userBudget });
  // An idle connection the server drops (a restart, an outage) is an 'error' event of its
  // pool: unheard, it would end the process. The pool discards that connection and opens new
  // ones on demand, so the server recovers by itself when the database is back.
  let lost = false;
  for (const pool of [plain, bounded]) {
    pool.on('error', (error) => {
      if (!lost) onConnectionError(error);
      lost = true;
    });
    pool.on('connect', (client) => {
      lost = false;
      // A connection in use that breaks fails its call (503); heard here so it cannot crash.
      client.on('error', () => {});
    });
  }
  const pool: PostgresPool = {
    Client: pg.Client,
    options: plain.options,
    connect: () => (currentBound() ? bounded : plain).connect(),
    end: async () => {
      await Promise.all([plain.end(), bounded.end()]);
    },
  };
  const stats = (): PoolStats => {
    const pools = [plain, bounded];
    const sum = (read: (p: (typeof pools)[number]) => number) =>
      pools.reduce((n, p) => n + read(p), 0);
    const total = sum((p) => p.totalCount);
    return { total, inUse: total - sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) };
  };
  return { pool, stats };
}
