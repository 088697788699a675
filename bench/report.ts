import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/index';
import { reportStatements } from '../server/modules/report/run';
import type { ReportDefinition } from '../server/modules/report/store';
import { BENCH_ROWS, setUpBenchDatabase } from './online-setup';
import { checkAnswers, load, login, startBare, summary } from './online-list';
import { startServer } from './server-process';

/**
 * Online reports on 100,000 rows (issue 13): `getData` of a report over the online bench's
 * `bench_order` table (pageSize 10, a `like` query field and a sort) under 50 connections for
 * 20 s with autocannon, signed in as admin (access check, report load, the SQL check of both
 * statements on the PostgreSQL parser, the planner-cost guard, the read-only transaction),
 * against a bare Fastify route running the same two statements (`reportStatements`, the
 * product's own builder) with no check, guard or transaction. Same method as `online`: each
 * server on its own copy of the database, a warm-up of each, then three alternating runs;
 * figures are medians, ratios ours ÷ bare.
 */

const REPORT_ID = 'b0000000000000000000000000000001';
const REPORT: ReportDefinition = {
  id: REPORT_ID,
  code: 'bench_order_report',
  name: '压测订单报表',
  sql: 'select id, order_no, customer, amount, qty, priority from bench_order',
  items: [
    { field: 'id', title: '编号', show: false },
    { field: 'order_no', title: '订单号', search: 'single' },
    { field: 'customer', title: '客户', search: 'single' },
    { field: 'amount', title: '金额', order: true },
    { field: 'qty', title: '数量' },
    { field: 'priority', title: '优先级' },
  ],
  params: [],
  version: 1,
};
/** `order_no` contains "88" (about 5.7 % of the rows), most expensive first. */
const QUERY = { order_no: '88', column: 'amount', order: 'desc', pageNo: '1', pageSize: '10' };
const DURATION_S = Number(process.env.BENCH_REPORT_SECONDS ?? 20);
const WARMUP_S = Math.min(5, DURATION_S);
const RUNS = 3;

type Print = (name: string, value: number) => void;

async function addReport(dataDir: string): Promise<void> {
  const { db, close } = await openDatabase({ dataDir });
  try {
    await sql`insert into onl_cgreport_head (id, code, name, cgr_sql, items, params, create_by)
      values (${REPORT.id}, ${REPORT.code}, ${REPORT.name}, ${REPORT.sql},
        ${JSON.stringify(REPORT.items)}, '[]', 'bench')`.execute(db);
  } finally {
    await close();
  }
}

export async function benchReport(print: Print): Promise<void> {
  const step = (what: string) => console.error(`[report] ${what}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-report-'));
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-report-bare-'));
  try {
    step(`creating ${BENCH_ROWS} rows`);
    await setUpBenchDatabase(dataDir, {});
    await addReport(dataDir);
    fs.cpSync(dataDir, bareDir, { recursive: true });
    // The statements are the same whoever may read bench_order; the product checks its author.
    const statements = await reportStatements(REPORT, QUERY, { tables: new Set(['bench_order']) });
    const bare = await startBare(
      bareDir,
      JSON.stringify({
        page: { sql: statements.page.text, parameters: statements.page.values },
        count: { sql: statements.count.text, parameters: statements.count.values },
      }),
    );
    const server = await startServer({ DATA_DIR: dataDir }).catch(async (error: unknown) => {
      await bare.stop();
      throw error;
    });
    try {
      const token = await login(server.baseURL);
      const query = new URLSearchParams(QUERY).toString();
      const targets: readonly Target[] = [
        {
          name: 'report',
          url: `${server.baseURL}/system/online/cgreport/api/getData/${REPORT_ID}?${query}`,
          headers: { 'x-access-token': token },
        },
        { name: 'bare', url: bare.url, headers: {} },
      ];
      await measure(targets, print).catch((error: unknown) => {
        // Connection errors under load: say whether (and how) the server died.
        const exited = server.exited();
        throw exited ? new Error(exited, { cause: error }) : error;
      });
    } finally {
      await bare.stop();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** A warm-up of each target, then `RUNS` alternating runs; prints the medians and ratios. */
async function measure(targets: readonly Target[], print: Print): Promise<void> {
  const step = (what: string) => console.error(`[report] ${what}`);
  for (const target of targets) {
    await checkAnswers(target.url, target.headers);
    step(`warming up ${target.name}`);
    await load(target.url, target.headers, WARMUP_S);
  }
  const runs = new Map(targets.map((t) => [t.name, [] as Result[]]));
  for (let i = 0; i < RUNS; i++) {
    for (const target of targets) {
      const result = await load(target.url, target.headers, DURATION_S);
      runs.get(target.name)!.push(result);
      step(
        `${target.name} run ${i + 1}: ${Math.round(result.requests.average)} req/s, ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }
  }
  const medians = new Map<string, { rps: number; p99: number }>();
  for (const target of targets) {
    const results = runs.get(target.name)!;
    const rps = summary(results.map((r) => r.requests.average));
    const p99 = summary(results.map((r) => r.latency.p99));
    medians.set(target.name, { rps: rps.median, p99: p99.median });
    print(`${target.name}.getData_rps`, Math.round(rps.median));
    print(`${target.name}.getData_rps_spread_pct`, rps.spreadPct);
    print(`${target.name}.getData_p99_ms`, p99.median);
    print(`${target.name}.getData_p99_spread_pct`, p99.spreadPct);
  }
  const ours = medians.get('report')!;
  const base = medians.get('bare')!;
  print('report.getData_rps_ratio_ours_over_bare', Number((ours.rps / base.rps).toFixed(2)));
  print('report.getData_p99_ratio_ours_over_bare', Number((ours.p99 / base.p99).toFixed(2)));
}
