import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { benchExportImport, login } from './online-files';
import { BENCH_CODE, BENCH_ROWS, setUpBenchDatabase } from './online-setup';
import { LAUNCH_ENV, ROOT, freePort, startServer } from './server-process';

/**
 * Online tables on 100,000 rows (issue 3):
 * - `list` (pageSize 10, a `like` filter and a sort) under 50 connections for 20 s with
 *   autocannon: the product's online list route (signed in as admin: access check, data
 *   rules, translation, formatting) against a bare Fastify route running the same two
 *   statements (`bench/bare-list-server.ts`). Both servers stay up side by side, each on its
 *   own copy of the same database (PGlite opens a data folder from one process at a time);
 *   after a warm-up of each, the runs alternate ours, bare, ours, bare, ours, bare, and each
 *   figure is the median of its three runs; `…_spread_pct` is (max − min) ÷ median of the
 *   three. Latencies p50 and p99 (ms) are autocannon's for the run (on PGlite's one
 *   connection they are bimodal from run to run: p99 is 2–3 s or near the run's length;
 *   compare requests/s). Ratios are ours ÷ bare (requests/s: below 1 is slower; latencies:
 *   above 1 is slower);
 * - `exportXls` of every row and `importExcel` of that file: time, the server's peak RSS and its
 *   growth during the call (`bench/online-files.ts`).
 * The servers run as child processes on the embedded database; autocannon runs in this process.
 */

/** `orderNo` contains "88" (about 5.7 % of the rows), most expensive first. */
const LIST_QUERY = {
  orderNo: '*88*',
  column: 'amount',
  order: 'desc',
  pageNo: '1',
  pageSize: '10',
};
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_ONLINE_SECONDS ?? 20);
const WARMUP_S = Math.min(5, DURATION_S);
const RUNS = 3;
/** A full scan of 100,000 rows per request queues up under 50 connections on PGlite. */
const TIMEOUT_S = 60;
const API = `/system/online/cgform/api/${BENCH_CODE}`;

type Print = (name: string, value: number) => void;

export async function startBare(dataDir: string, statements: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/bare-list-server.ts')],
    {
      cwd: ROOT,
      env: { ...LAUNCH_ENV, DATA_DIR: dataDir, PORT: String(port), BARE_STATEMENTS: statements },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/bare/list`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Checks that `url` answers a page of rows (so a run does not time errors). */
export async function checkAnswers(url: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { success: boolean; result: { total: number } };
    if (!body.success || !(body.result.total > 0)) throw new Error(`bad answer from ${url}`);
  }
}

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds = DURATION_S,
): Promise<Result> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_S,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  // Requests still in flight when the run ended queue in the server's one database
  // connection: one more answer means they are done, so the next run starts on an idle pair.
  const drained = await fetch(url, { headers });
  if (!drained.ok) throw new Error(`${url}: answered ${drained.status} after the run`);
  await drained.arrayBuffer();
  return result;
}

interface Target {
  readonly name: 'online' | 'bare';
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** Median, and (max − min) ÷ median in percent. */
export function summary(values: readonly number[]): { median: number; spreadPct: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const spread = median > 0 ? ((sorted.at(-1)! - sorted[0]!) / median) * 100 : 0;
  return { median, spreadPct: Math.round(spread) };
}

/** The list under load: warm-up of each, then `RUNS` alternating pairs; prints medians. */
async function benchList(ours: Target, bare: Target, print: Print): Promise<void> {
  const step = (what: string) => console.error(`[online] ${what}`);
  const targets = [ours, bare];
  for (const target of targets) {
    await checkAnswers(target.url, target.headers);
    step(`warming up ${target.name}`);
    await load(target.url, target.headers, WARMUP_S);
  }
  const runs = new Map(targets.map((t) => [t.name, [] as Result[]]));
  for (let i = 0; i < RUNS; i++) {
    for (const target of targets) {
      const result = await load(target.url, target.headers);
      runs.get(target.name)!.push(result);
      step(
        `${target.name} run ${i + 1}: ${Math.round(result.requests.average)} req/s, ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }
  }
  const figures = new Map<string, { rps: number; p50: number; p99: number }>();
  for (const target of targets) {
    const results = runs.get(target.name)!;
    const rps = summary(results.map((r) => r.requests.average));
    const p50 = summary(results.map((r) => r.latency.p50));
    const p99 = summary(results.map((r) => r.latency.p99));
    figures.set(target.name, { rps: rps.median, p50: p50.median, p99: p99.median });
    print(`${target.name}.list_rps`, Math.round(rps.median));
    print(`${target.name}.list_rps_spread_pct`, rps.spreadPct);
    print(`${target.name}.list_p50_ms`, p50.median);
    print(`${target.name}.list_p50_spread_pct`, p50.spreadPct);
    print(`${target.name}.list_p99_ms`, p99.median);
    print(`${target.name}.list_p99_spread_pct`, p99.spreadPct);
  }
  const o = figures.get('online')!;
  const b = figures.get('bare')!;
  const ratio = (a: number, c: number) => Number((a / c).toFixed(2));
  print('online.list_rps_ratio_ours_over_bare', ratio(o.rps, b.rps));
  print('online.list_p50_ratio_ours_over_bare', ratio(o.p50, b.p50));
  print('online.list_p99_ratio_ours_over_bare', ratio(o.p99, b.p99));
}

export async function benchOnline(print: Print): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-online-'));
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-bare-'));
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-files-'));
  try {
    const step = (what: string) => console.error(`[online] ${what}`);
    step(`creating ${BENCH_ROWS} rows`);
    const statements = await setUpBenchDatabase(dataDir, LIST_QUERY);
    fs.cpSync(dataDir, bareDir, { recursive: true });

    const bare = await startBare(bareDir, JSON.stringify(statements));
    const server = await startServer({ DATA_DIR: dataDir, FILES_DIR: filesDir }).catch(
      async (error: unknown) => {
        await bare.stop();
        throw error;
      },
    );
    try {
      const token = await login(server.baseURL);
      const headers = { 'x-access-token': token };
      const query = new URLSearchParams(LIST_QUERY).toString();
      await benchList(
        { name: 'online', url: `${server.baseURL}${API}/list?${query}`, headers },
        { name: 'bare', url: bare.url, headers: {} },
        print,
      ).catch((error: unknown) => {
        // Connection errors under load: say whether (and how) the server died.
        const exited = server.exited();
        throw exited ? new Error(exited, { cause: error }) : error;
      });
      await bare.stop(); // the export and import have the machine to themselves

      step('export and import');
      await benchExportImport(server, headers, print);
    } finally {
      await bare.stop();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}

export { login };
