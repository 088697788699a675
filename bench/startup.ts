import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server-process';

/**
 * Server start to first answered request (issue 2): cold = a fresh data folder (the build's
 * initdb template unpacked, migrations, demo seed); warm = the same folder again.
 */
export async function benchStartup(print: (name: string, value: number) => void): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  try {
    const cold = await startServer({ DATA_DIR: dataDir });
    await cold.stop();
    print('startup.cold_ms', Math.round(cold.readyMs));
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await startServer({ DATA_DIR: dataDir });
      warm.push(run.readyMs);
      await run.stop();
    }
    warm.sort((a, b) => a - b);
    print('startup.warm_ms', Math.round(warm[1]!));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
