import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, poolStatsOf } from '../../server/db/index';

/**
 * The PostgreSQL pool's settings (issue 23): DB_POOL_SIZE, DB_STATEMENT_TIMEOUT_MS and
 * DB_CONNECT_TIMEOUT_MS with safe defaults; a statement past the timeout is cancelled by the
 * server. Run against DATABASE_URL when one is set (the CI's PostgreSQL run).
 */

const databaseUrl = process.env.DATABASE_URL;

describe('database pool settings', () => {
  it('have safe defaults and refuse nonsense', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databasePool).toEqual({
      size: 10,
      statementTimeoutMs: 60_000,
      connectTimeoutMs: 5000,
    });
    expect(
      loadConfig({ DB_POOL_SIZE: '25', DB_STATEMENT_TIMEOUT_MS: '0' }).databasePool,
    ).toMatchObject({
      size: 25,
      statementTimeoutMs: 0,
    });
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });

  it.runIf(databaseUrl)(
    'cancel a statement past the timeout and count the connections',
    async () => {
      const handle = await openDatabase({
        databaseUrl,
        pool: { size: 2, statementTimeoutMs: 300, connectTimeoutMs: 2000 },
      });
      try {
        await expect(sql`select pg_sleep(2)`.execute(handle.db)).rejects.toMatchObject({
          code: '57014',
        });
        await sql`select 1`.execute(handle.db);
        expect(poolStatsOf(handle.db)).toMatchObject({ inUse: 0, waiting: 0 });
        expect(poolStatsOf(handle.db)!.total).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    },
  );
});
