import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The environment the bench started with, for the servers it spawns. Read at import, before
 * any bench runs: vite's `build()` (the grid and form benches) sets `NODE_ENV=production` in
 * this process, and a server started with it seeds no demo accounts (admin/123456).
 */
export const LAUNCH_ENV: Readonly<NodeJS.ProcessEnv> = { ...process.env };

/** A free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  readonly baseURL: string;
  readonly process: ChildProcess;
  /** Milliseconds from spawn to the first answered request. */
  readonly readyMs: number;
  /** Whether it has exited, with its code or signal and the end of its output; else null. */
  exited(): string | null;
  stop(): Promise<void>;
}

/** Starts the built server and waits until it answers a public API call. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: { ...LAUNCH_ENV, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const probe = `${baseURL}/system/module/default/configCenter/admin/nl/get?key=baseConfig`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(probe);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    baseURL,
    process: child,
    readyMs,
    exited: () =>
      child.exitCode === null && child.signalCode === null
        ? null
        : `server exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
