/**
 * The embedded database's watchdog (server/db/embedded/): a user-shaped statement past its
 * budget, or holding the database while others wait, is ended and the database reopened with
 * everything committed; an ended transaction is not continued; a worker whose memory grew is
 * replaced when idle. Runs on a cluster of its own, whatever database the suite uses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedQueries, QUERY_CANCELED } from '../../server/db/bounded';
import { EmbeddedClient } from '../../server/db/embedded/client';
import { EmbeddedDialect } from '../../server/db/embedded/dialect';
import { openDatabase } from '../../server/db/index';

/** A count PGlite needs far longer than any budget here for (minutes). */
const RUNAWAY = sql`select count(*) as n from generate_series(1, 2000000000) g`;

let root: string;
let template: string;

/** A client on a fresh copy of an initialised cluster, with a table `t`. */
async function openClient(options: { memoryLimitBytes?: number } = {}) {
  const dataDir = fs.mkdtempSync(path.join(root, 'db-'));
  fs.cpSync(template, dataDir, { recursive: true });
  const client = await EmbeddedClient.open({ dataDir, ...options });
  const db = new Kysely<Record<string, never>>({ dialect: new EmbeddedDialect(client) });
  await sql`create table t (id int primary key, note text)`.execute(db);
  return { client, db };
}

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'watchdog-'));
  template = path.join(root, 'template');
  const handle = await openDatabase({ dataDir: template });
  await handle.close();
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the embedded database watchdog', () => {
  it('ends a bounded statement past its budget (57014) and answers again with what was committed', async () => {
    const { client, db } = await openClient();
    try {
      await sql`insert into t values (1, 'committed')`.execute(db);
      const error = await boundedQueries(() => RUNAWAY.execute(db), 1500).catch((e) => e);
      expect(codeOf(error)).toBe(QUERY_CANCELED);
      expect(client.stats.restarts).toBe(1);
      const { rows } = await sql<{ note: string }>`select note from t`.execute(db);
      expect(rows).toEqual([{ note: 'committed' }]);
    } finally {
      await db.destroy();
    }
  });

  it('answers a request waiting behind a bounded statement: the bounded one gives way', async () => {
    const { client, db } = await openClient();
    try {
      await sql`insert into t values (1, 'row')`.execute(db);
      // Budget far beyond the test: only the waiting request can make it give way.
      const runaway = boundedQueries(() => RUNAWAY.execute(db), 600_000).catch((e) => e);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const other = await sql<{ note: string }>`select note from t`.execute(db);
      expect(other.rows).toEqual([{ note: 'row' }]);
      expect(codeOf(await runaway)).toBe(QUERY_CANCELED);
      expect(client.stats.restarts).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('never ends a statement that is not bounded, even with others waiting', async () => {
    const { client, db } = await openClient();
    try {
      const slow = sql<{
        n: number;
      }>`select count(*) as n from generate_series(1, 3000000) g`.execute(db);
      const other = sql<{ one: number }>`select 1 as one`.execute(db);
      expect((await slow).rows).toEqual([{ n: 3_000_000 }]);
      expect((await other).rows).toEqual([{ one: 1 }]);
      expect(client.stats.restarts).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('rolls the ended transaction back and does not carry it on in the reopened database', async () => {
    const { client, db } = await openClient();
    try {
      const lease = await client.acquire(undefined);
      await client.query(lease, 'begin', []);
      await client.query(lease, "insert into t values (1, 'in the transaction')", []);
      const bound = { deadline: performance.now() + 1000 };
      const ended = await client
        .query(lease, 'select count(*) from generate_series(1, 2000000000) g', [], bound)
        .catch((e) => e);
      expect(codeOf(ended)).toBe(QUERY_CANCELED);
      // Its next statement would run outside any transaction on the new worker: refused.
      const after = await client
        .query(lease, "insert into t values (2, 'after')", [])
        .catch((e) => e);
      expect(codeOf(after)).toBe(QUERY_CANCELED);
      await expect(client.query(lease, 'rollback', [])).resolves.toBeDefined();
      client.release();
      const { rows } = await sql`select * from t`.execute(db);
      expect(rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('replaces a worker whose memory grew past the limit once the database is idle', async () => {
    const limit = 400 * 1024 * 1024;
    const { client, db } = await openClient({ memoryLimitBytes: limit });
    try {
      await sql`insert into t values (1, 'kept')`.execute(db);
      const before = client.stats.heapBytes;
      expect(before).toBeLessThan(limit);
      const { rows } = await sql<{
        n: number;
      }>`select length(repeat('x', 300000000)) as n`.execute(db);
      expect(rows).toEqual([{ n: 300_000_000 }]);
      // The next statement waits for the fresh worker, which starts small again.
      const kept = await sql<{ note: string }>`select note from t`.execute(db);
      expect(kept.rows).toEqual([{ note: 'kept' }]);
      expect(client.stats.restarts).toBe(1);
      expect(client.stats.heapBytes).toBeLessThan(limit);
    } finally {
      await db.destroy();
    }
  });
});
