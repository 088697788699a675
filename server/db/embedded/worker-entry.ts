import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the embedded database's worker thread starts from. The server bundle carries it as a
 * sibling file (scripts/build-server.mjs); from the TypeScript sources (tests, `npm run dev`)
 * it is bundled once with esbuild (a development dependency) into `.tmp/`, named by the
 * source's hash so that several processes share one copy. A worker cannot load TypeScript
 * itself, and tsx's loader in a worker costs 0.7 s per start where this costs nothing after
 * the first.
 */

const BUNDLED = 'embedded-worker.js';

let built: URL | null = null;

export async function workerEntry(): Promise<URL> {
  const bundled = new URL(`./${BUNDLED}`, import.meta.url);
  if (fs.existsSync(bundled)) return bundled;
  built ??= await buildFromSource();
  return built;
}

async function buildFromSource(): Promise<URL> {
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const root = path.resolve(path.dirname(source), '../../..');
  const hash = createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 12);
  const outfile = path.join(root, '.tmp', `embedded-worker-${hash}.mjs`);
  if (!fs.existsSync(outfile)) {
    const { build } = await import('esbuild');
    // Written beside its final name, then renamed: a concurrent reader never sees half a file.
    const partial = `${outfile}.${process.pid}.partial`;
    await build({
      entryPoints: [source],
      outfile: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    fs.renameSync(partial, outfile);
  }
  return new URL(`file://${outfile}`);
}
