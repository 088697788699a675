import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * `npm run cluster` as a test runs it: the built server (dist/server/main.js) as N processes
 * behind one port, on the database and Redis the test names, with a DATA_DIR of its own.
 * Every request opens a connection of its own (Connection: close), so the cluster's round
 * robin hands consecutive requests to different processes.
 */

export const CLUSTER_SCRIPT = path.resolve('scripts/cluster.mjs');
export const SERVER_MAIN = path.resolve('dist/server/main.js');
export const READY = '/system/health/ready';

export interface Answer {
  readonly status: number;
  readonly body: { readonly success: boolean; readonly message: string; readonly result: unknown };
}

/** One request on a connection of its own (no agent, Connection: close). */
export function request(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  options: { readonly token?: string; readonly body?: unknown; readonly timeoutMs?: number } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { connection: 'close' };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['x-access-token'] = options.token;
  const timeout = options.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent: false, timeout },
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
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in ${timeout} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** `rounds` consecutive requests, each on its own connection. */
export async function repeat(rounds: number, send: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < rounds; i++) answers.push(await send());
  return answers;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `probe` gives a value; the message names what was awaited. */
export async function until<T>(
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

export interface RunningCluster {
  readonly port: number;
  readonly primary: ChildProcess;
  /** What the cluster and its processes printed so far. */
  output(): string;
  /** Slot number → pid, from the `server N (pid P) listening` lines (latest wins). */
  workerPids(): Map<number, number>;
  /** How many times all N were listening (1 at start, one more after each restart round). */
  listeningCount(): number;
  /** Resolves with the primary's exit code. */
  readonly exited: Promise<number | null>;
  /** Kills what still runs (SIGKILL) and removes the data folder. */
  destroy(): Promise<void>;
}

export async function startCluster(options: {
  readonly processes: number;
  readonly databaseUrl: string;
  readonly redisUrl?: string;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<RunningCluster> {
  const { processes } = options;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cluster-'));
  const primary = spawn(process.execPath, [CLUSTER_SCRIPT, String(processes)], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  primary.stdout?.on('data', collect);
  primary.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    primary.once('exit', (code) => resolve(code)),
  );
  const workerPids = () => {
    const pids = new Map<number, number>();
    for (const m of output.matchAll(/server (\d+) \(pid (\d+)\) listening/g)) {
      pids.set(Number(m[1]), Number(m[2]));
    }
    return pids;
  };
  const all = new RegExp(`${processes} of ${processes} server processes listening`, 'g');
  const cluster: RunningCluster = {
    port,
    primary,
    output: () => output,
    workerPids,
    listeningCount: () => output.match(all)?.length ?? 0,
    exited,
    async destroy() {
      if (primary.exitCode === null && primary.signalCode === null) {
        for (const pid of workerPids().values()) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
        primary.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await until(
      `${processes} of ${processes} listening`,
      () => {
        if (primary.exitCode !== null) throw new Error(`cluster exited (${primary.exitCode})`);
        return cluster.listeningCount() >= 1 ? true : null;
      },
      45_000,
    );
    const ready = async () => ((await request(port, 'GET', READY)).status === 200 ? true : null);
    await until('health/ready to answer 200', ready, 10_000);
  } catch (error) {
    await cluster.destroy();
    throw new Error(`${(error as Error).message}; the cluster printed:\n${output}`, {
      cause: error,
    });
  }
  return cluster;
}
