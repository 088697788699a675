import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginResult } from '../../src/contracts/session';
import {
  READY,
  SERVER_MAIN,
  isRunning,
  repeat,
  request,
  startCluster,
  until,
  type RunningCluster,
} from '../support/cluster-process';
import { adminUrl, dropDatabase, quoteIdent, withAdminClient } from '../support/postgres';
import { API, DEMO_PASSWORD } from '../support/test-app';

/**
 * `npm run cluster -- 3` (issue 23): the built server (dist/server/main.js) as three processes
 * behind one port, on a throw-away copy of the seeded PostgreSQL database and the shared Redis.
 * Every request opens a connection of its own (Connection: close), so the cluster's round robin
 * hands consecutive requests to different processes.
 */

/** Enough consecutive requests to reach each of the three processes twice. */
const ROUNDS = 6;

const skipReason = !(process.env.DATABASE_URL?.trim() && process.env.REDIS_URL?.trim())
  ? 'needs DATABASE_URL and REDIS_URL'
  : !fs.existsSync(SERVER_MAIN)
    ? 'dist/server/main.js is missing (run `npm run build`)'
    : null;

/** A copy of the migrated, seeded database global-setup prepared; dropped by `drop`. */
async function seededDatabaseCopy(): Promise<{ url: string; drop: () => Promise<void> }> {
  const setup = inject('testDb');
  if (setup.kind !== 'postgres') throw new Error('DATABASE_URL is set but no template was made');
  const name = `${setup.copyPrefix}cluster_${randomBytes(4).toString('hex')}`;
  await withAdminClient(setup.baseUrl, (client) =>
    client.query(`create database ${quoteIdent(name)} template ${quoteIdent(setup.templateName)}`),
  );
  return {
    url: adminUrl(setup.baseUrl, name),
    drop: () => withAdminClient(setup.baseUrl, (client) => dropDatabase(client, name)),
  };
}

const suffix = skipReason ? ` (skipped: ${skipReason})` : '';

describe.skipIf(skipReason !== null)(`npm run cluster -- 3${suffix}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let cluster: RunningCluster;
  let port: number;
  const workerPids = () => cluster.workerPids();
  const listeningCount = () => cluster.listeningCount();

  beforeAll(async () => {
    database = await seededDatabaseCopy();
    cluster = await startCluster({
      processes: 3,
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL!,
    });
    port = cluster.port;
  }, 60_000);

  afterAll(async () => {
    await cluster?.destroy();
    await database?.drop();
  });

  it('runs three processes, each with a pid of its own, behind the one port', async () => {
    const pids = [...workerPids().values()];
    expect(new Set(pids).size).toBe(3);
    for (const pid of pids) expect(isRunning(pid)).toBe(true);
    const answers = await repeat(ROUNDS, () => request(port, 'GET', READY));
    expect(answers.map((a) => a.status)).toEqual(Array(ROUNDS).fill(200));
  });

  it('honours a token on every process, and a logout on every process too (Redis)', async () => {
    const login = await request(port, 'POST', API.login, {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(login.body).toMatchObject({ success: true });
    const token = (login.body.result as LoginResult).tokenValue;
    const userInfo = () => request(port, 'GET', API.userInfo, { token });

    // Every process now holds the session in its cache (for up to a minute)...
    const before = await repeat(ROUNDS, userInfo);
    expect(before.map((a) => a.body.success)).toEqual(Array(ROUNDS).fill(true));
    expect(before[0]?.body.result).toMatchObject({ username: 'admin' });
    // ...so only the invalidation through Redis makes the others refuse it after a logout.
    const logout = await request(port, 'POST', API.logout, { token });
    expect(logout.body).toMatchObject({ success: true });
    const after = await repeat(ROUNDS, userInfo);
    expect(after.map((a) => a.status)).toEqual(Array(ROUNDS).fill(401));
  });

  it('starts a killed process again while the others keep answering', async () => {
    const victim = workerPids().get(2)!;
    process.kill(victim, 'SIGKILL');
    await until(
      'the cluster to notice the death',
      () =>
        cluster.output().includes(`(pid ${victim}) exited unexpectedly (signal SIGKILL)`)
          ? true
          : null,
      5000,
    );
    // Two processes serve meanwhile (the restart waits a second first).
    const during = await repeat(4, () => request(port, 'GET', READY));
    expect(during.map((a) => a.status)).toEqual([200, 200, 200, 200]);

    const restarted = await until(
      'server 2 to listen again',
      () => (listeningCount() >= 2 ? (workerPids().get(2) ?? null) : null),
      20_000,
    );
    expect(restarted).not.toBe(victim);
    expect(isRunning(restarted)).toBe(true);
    expect(new Set(workerPids().values()).size).toBe(3);

    const login = await request(port, 'POST', API.login, {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    const token = (login.body.result as LoginResult).tokenValue;
    const answers = await repeat(ROUNDS, () => request(port, 'GET', API.userInfo, { token }));
    expect(answers.map((a) => a.body.success)).toEqual(Array(ROUNDS).fill(true));
  }, 30_000);

  it('stops every process on SIGTERM to the primary, then exits 0', async () => {
    const pids = [...workerPids().values()];
    cluster.primary.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
    expect(cluster.output()).toMatch(/SIGTERM: stopping 3 server processes/);
    await expect(request(port, 'GET', READY)).rejects.toThrow(/ECONNREFUSED/);
  }, 20_000);
});
