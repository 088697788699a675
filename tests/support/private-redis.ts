import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * A redis-server of the test's own on a given port, never the machine's shared one: the test
 * stops it (an outage) and starts it again on the same port. Nothing is saved to disk.
 */

/** Whether redis-server is installed here. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) resolve();
    });
  });
  return child;
}

/** Kills the server (as an outage does: no goodbye to its clients). */
export function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
