import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginResult } from '../../src/contracts/session';
import { adminUrl, dropDatabase, quoteIdent, withAdminClient } from '../support/postgres';
import { API, DEMO_PASSWORD } from '../support/test-app';

/**
 * `npm run cluster -- 3` (issue 23): the built server (dist/server/main.js) as three processes
 * behind one port, on a throw-away copy of the seeded PostgreSQL database and the shared Redis.
 * Every request opens a connection of its own (Connection: close), so the cluster's round robin
 * hands consecutive requests to different processes.
 */

const SCRIPT = path.resolve('scripts/cluster.mjs');
const SERVER_MAIN = path.resolve('dist/server/main.js');
const READY = '/system/health/ready';
/** Enough consecutive requests to reach each of the three processes twice. */
const ROUNDS = 6;

const skipReason = !(process.env.DATABASE_URL?.trim() && process.env.REDIS_URL?.trim())
  ? 'needs DATABASE_URL and REDIS_URL'
  : !fs.existsSync(SERVER_MAIN)
    ? 'dist/server/main.js is missing (run `npm run build`)'
    : null;

interface Answer {
  readonly status: number;
  readonly body: { readonly success: boolean; readonly message: string; readonly result: unknown };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One request on a connection of its own (no agent, Connection: close). */
function request(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  options: { readonly token?: string; readonly body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { connection: 'close' };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['x-access-token'] = options.token;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent: false, timeout: 5000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
          } catch {
            reject(new Error(`${method} ${url}: HTTP ${res.statusCode}, not JSON: ${text}`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in 5 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** `rounds` consecutive requests, each on its own connection. */
async function repeat(rounds: number, send: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < rounds; i++) answers.push(await send());
  return answers;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `probe` gives a value; the message names what was awaited. */
async function until<T>(
  what: string,
  probe: () => T | null | Promise<T | null>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
  /** The processes' DATA_DIR (their FILES_DIR is under it), not the repository's ./data. */
  let dataDir: string;
  let port: number;
  let primary: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  /** Slot number → pid, from the cluster's `server N (pid P) listening` lines (latest wins). */
  const workerPids = (): Map<number, number> => {
    const pids = new Map<number, number>();
    for (const m of output.matchAll(/server (\d+) \(pid (\d+)\) listening/g)) {
      pids.set(Number(m[1]), Number(m[2]));
    }
    return pids;
  };
  const listeningCount = () => output.match(/3 of 3 server processes listening/g)?.length ?? 0;

  beforeAll(async () => {
    database = await seededDatabaseCopy();
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cluster-'));
    primary = spawn(process.execPath, [SCRIPT, '3'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
    primary.stdout?.on('data', collect);
    primary.stderr?.on('data', collect);
    exited = new Promise((resolve) => primary.once('exit', (code) => resolve(code)));
    try {
      await until(
        '3 of 3 listening',
        () => {
          if (primary.exitCode !== null) throw new Error(`cluster exited (${primary.exitCode})`);
          return listeningCount() >= 1 ? true : null;
        },
        45_000,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; the cluster printed:\n${output}`, {
        cause: error,
      });
    }
    const ready = async () => ((await request(port, 'GET', READY)).status === 200 ? true : null);
    await until('health/ready to answer 200', ready, 10_000);
  }, 60_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      for (const pid of workerPids().values()) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      primary.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
      () => (output.includes(`(pid ${victim}) exited unexpectedly (signal SIGKILL)`) ? true : null),
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
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
    expect(output).toMatch(/SIGTERM: stopping 3 server processes/);
    await expect(request(port, 'GET', READY)).rejects.toThrow(/ECONNREFUSED/);
  }, 20_000);
});
