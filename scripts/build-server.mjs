// Builds the server bundle (dist/server/main.js and the embedded database's worker), an initialised empty PGlite cluster beside it
// (so the first start of a new data folder skips initdb), and gzip/brotli copies of the
// browser assets (served pre-compressed).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'dist/server');

const serverBuild = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};
await build({
  ...serverBuild,
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(outDir, 'main.js'),
});
// The embedded database's worker thread, beside main.js (server/db/embedded/worker-entry.ts).
await build({
  ...serverBuild,
  entryPoints: [path.join(root, 'server/db/embedded/worker.ts')],
  outfile: path.join(outDir, 'embedded-worker.js'),
});

function pgliteVersion() {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

const template = path.join(outDir, `pglite-initdb-${pgliteVersion()}.tar.gz`);
if (!fs.existsSync(template)) {
  const started = Date.now();
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  console.log(`initdb template ${path.basename(template)} in ${Date.now() - started} ms`);
}

const clientDir = path.join(root, 'dist/client');
let compressed = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true })) {
  const file = path.join(clientDir, String(entry));
  if (!/\.(js|css|html|svg|json)$/.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  compressed++;
}
console.log(`server bundle ready; ${compressed} browser assets pre-compressed`);
