import fs from 'node:fs';
import path from 'node:path';
import { benchBundle } from './bundle';
import { benchDesigner } from './designer';
import { benchForm } from './form';
import { benchGrid } from './grid';
import { benchImport } from './online-files';
import { benchOnline } from './online-list';
import { benchOperations } from './operations';
import { benchCluster } from './cluster-load';
import { benchPickers } from './pickers';
import { benchReport } from './report';
import { benchRunaway } from './runaway';
import { benchStartup } from './startup';
import { benchUpload } from './upload';
import { ROOT } from './server-process';

/**
 * `npm run bench [-- name…]`: prints one `name=value` line per figure; every ratio is ours ÷
 * baseline (docs/architecture.md, Benchmarks, says what each figure measures). `grid` and
 * `form` build and serve their own page; the others measure the built app (`npm run build`
 * first). Benchmarks are never part of the test run.
 */
const BENCHES: Record<string, (print: (name: string, value: number) => void) => Promise<void>> = {
  startup: benchStartup,
  bundle: benchBundle,
  designer: benchDesigner,
  form: benchForm,
  online: benchOnline,
  import: benchImport,
  grid: benchGrid,
  pickers: benchPickers,
  report: benchReport,
  runaway: benchRunaway,
  upload: benchUpload,
  ops: benchOperations,
  cluster: benchCluster,
};
/** Benches that build and serve their own page and need no build of the app. */
const SELF_CONTAINED = new Set(['grid', 'form']);

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? wanted : Object.keys(BENCHES);
if (
  selected.some((name) => !SELF_CONTAINED.has(name)) &&
  !fs.existsSync(path.join(ROOT, 'dist/server/main.js'))
) {
  console.error('no build found: run `npm run build` first');
  process.exit(2);
}
const print = (name: string, value: number) => console.log(`${name}=${value}`);
for (const name of selected) {
  await BENCHES[name]!(print);
}
