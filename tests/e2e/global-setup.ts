import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_PATH = '/system/module/default/configCenter/admin/nl/get?key=baseConfig';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * `npm run build` as a person runs it. Vitest sets NODE_ENV=test, with which Vite would make a
 * development build (import.meta.env.DEV, the development-only settings entry).
 */
function build(): void {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', env });
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * A private copy of the built browser app: another `npm run build` on this machine while the
 * suite runs would otherwise swap the hashed assets under the running server.
 */
function snapshotClient(target: string): void {
  const source = path.join(ROOT, 'dist/client');
  fs.cpSync(source, target, { recursive: true });
  const index = fs.readFileSync(path.join(target, 'index.html'), 'utf8');
  for (const match of index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    const asset = match[1] ?? '';
    if (!fs.existsSync(path.join(target, asset))) {
      throw new Error(`dist/client changed while it was copied (${asset} is missing); re-run`);
    }
  }
}

function serverEnv(port: number, dataDir: string, staticDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Demo data is seeded only outside production; the embedded database, no Redis, default
  // static folder (dist/client), plain (unencrypted) requests.
  for (const name of [
    'NODE_ENV',
    'DATABASE_URL',
    'REDIS_URL',
    'SECURITY_MODE',
    'ADMIN_PASSWORD',
    'SESSION_TIMEOUT',
    'LOGIN_MAX_FAILURES',
    'LOGIN_LOCK_MINUTES',
  ]) {
    delete env[name];
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
  };
}

async function waitUntilReady(baseURL: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${String(child.exitCode ?? child.signalCode)}):\n${log()}`);
    }
    try {
      const response = await fetch(baseURL + READY_PATH);
      if (response.ok) {
        const body = (await response.json()) as { success?: unknown };
        if (body.success === true) return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${READY_PATH} within ${START_TIMEOUT_MS} ms:\n${log()}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      resolve();
      return;
    }
    const pid = child.pid;
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        // The server runs in its own process group: the whole tree goes.
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => killGroup('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    killGroup('SIGTERM');
  });
}

/**
 * Builds (unless E2E_SKIP_BUILD=1), starts `node dist/server/main.js` on a free port with a
 * fresh embedded database (demo data seeded), provides its URL; teardown stops the server and
 * deletes the folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1') build();
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first');
  }
  // Screenshots of this run only.
  const artifacts = path.join(ROOT, 'tests/e2e/.artifacts');
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-admin-e2e-'));
  const dataDir = path.join(runDir, 'data');
  const staticDir = path.join(runDir, 'client');
  const teardownDir = () => fs.rmSync(runDir, { recursive: true, force: true });
  try {
    snapshotClient(staticDir);
  } catch (error) {
    teardownDir();
    throw error;
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, staticDir),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const teardown = async () => {
    await stop(child);
    teardownDir();
  };
  try {
    await waitUntilReady(baseURL, child, () => output);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseURL', baseURL);
  return teardown;
}
