import type { PostgresPool } from 'kysely';
import { currentBound, USER_QUERY_BUDGET_MS } from './bounded';

// Both drivers answer `date` as the plain 'YYYY-MM-DD' text (no time-zone shift),
// `bigint` (count(*)) and `numeric` (sort_no) as numbers: every value we keep in them is small.
// (The embedded database's worker sets the same parsers: embedded/worker.ts.)
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Connections of each pool. */
const POOL_SIZE = 10;

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
export async function openPostgresPools(connectionString: string): Promise<PostgresPool> {
  const pg = await loadPg();
  const plain = new pg.Pool({ connectionString, max: POOL_SIZE });
  const bounded = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    statement_timeout: USER_QUERY_BUDGET_MS,
  });
  return {
    Client: pg.Client,
    options: plain.options,
    connect: () => (currentBound() ? bounded : plain).connect(),
    end: async () => {
      await Promise.all([plain.end(), bounded.end()]);
    },
  };
}
