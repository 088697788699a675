import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/db/index';
import { seedIfEmpty } from '../server/db/seed/index';
import { login } from './online-files';
import { LAUNCH_ENV, ROOT, startServer } from './server-process';

/**
 * Operating figures (issue 23).
 *
 * - `ops.audit_*`: position adds per second for 5 s at 8 concurrent keep-alive callers, on the
 *   embedded database, with the operation log (the product's default) and without it (the same
 *   build and database, the audit scope off and the `sys_audit` trigger disabled), three rounds
 *   each, alternating; `ops.audit_ratio` = with ÷ without (median rounds);
 *   `ops.audit_scope_only_ratio`: the request scope alone (trigger disabled) ÷ without.
 * - `ops.health_ready_p50_ms` / `_p99_ms`, `ops.health_live_p50_ms`: 500 sequential calls to the
 *   built server (embedded database).
 */

type Print = (name: string, value: number) => void;

const ROUNDS = 3;
const ROUND_MS = 5000;
const CONCURRENCY = 8;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Adds positions for `ms` at CONCURRENCY callers; answers adds per second. */
async function addRate(baseURL: string, token: string, tag: string, ms: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL('/system/sys/position/add', baseURL);
  let serial = 0;
  let done = 0;
  const end = performance.now() + ms;
  const one = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'x-access-token': token },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            if (!(JSON.parse(text) as { success: boolean }).success) {
              reject(new Error(`add refused: ${text}`));
            } else resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const code = `b${tag}_${serial++}`;
        await one(JSON.stringify({ code, name: '压测职务', postRank: '1' }));
        done++;
      }
    }),
  );
  agent.destroy();
  return done / ((performance.now() - started) / 1000);
}

async function benchAudit(print: Print): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-audit-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { production: false, adminPassword: null });
    const config = loadConfig(
      { ...LAUNCH_ENV, NODE_ENV: 'development', DATA_DIR: dataDir, STATIC_DIR: '' },
      ROOT,
    );
    const servers = new Map<
      boolean,
      { baseURL: string; token: string; close: () => Promise<void> }
    >();
    for (const audit of [true, false]) {
      const { app } = await buildApp({ config, db: handle.db, logger: false, audit });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      servers.set(audit, {
        baseURL: address,
        token: await login(address),
        close: () => app.close(),
      });
    }
    const trigger = (on: boolean) =>
      sql`alter table sys_position ${sql.raw(on ? 'enable' : 'disable')} trigger sys_audit`.execute(
        handle.db,
      );
    // The product; the request scope alone (trigger off); neither (the baseline).
    const setups = [
      { name: 'with', scope: true, trigger: true },
      { name: 'scope', scope: true, trigger: false },
      { name: 'without', scope: false, trigger: false },
    ] as const;
    const rates = { with: [] as number[], scope: [] as number[], without: [] as number[] };
    // A warm-up round of each, then alternating rounds.
    for (let round = -1; round < ROUNDS; round++) {
      for (const setup of setups) {
        const server = servers.get(setup.scope)!;
        await trigger(setup.trigger);
        const tag = `${round + 1}${setup.name}`;
        const rate = await addRate(server.baseURL, server.token, tag, round < 0 ? 1000 : ROUND_MS);
        if (round >= 0) rates[setup.name].push(rate);
      }
    }
    await trigger(true);
    const logged = await sql<{ n: number }>`select count(*)::int as n from sys_log
      where log_type = 2 and target_table = 'sys_position'`.execute(handle.db);
    for (const server of servers.values()) await server.close();
    const withLog = median(rates.with);
    const without = median(rates.without);
    print('ops.audit_adds_per_s', Math.round(withLog));
    print('ops.audit_off_adds_per_s', Math.round(without));
    print('ops.audit_ratio', Number((withLog / without).toFixed(3)));
    print('ops.audit_scope_only_ratio', Number((median(rates.scope) / without).toFixed(3)));
    print('ops.audit_log_rows', logged.rows[0]!.n);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timedCalls(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function benchHealth(print: Print): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-health-'));
  const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: '' });
  try {
    await timedCalls(`${server.baseURL}/system/health/ready`, 50);
    const ready = await timedCalls(`${server.baseURL}/system/health/ready`, 500);
    const live = await timedCalls(`${server.baseURL}/system/health/live`, 500);
    print('ops.health_ready_p50_ms', Number(percentile(ready, 50).toFixed(2)));
    print('ops.health_ready_p99_ms', Number(percentile(ready, 99).toFixed(2)));
    print('ops.health_live_p50_ms', Number(percentile(live, 50).toFixed(2)));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchOperations(print: Print): Promise<void> {
  await benchAudit(print);
  await benchHealth(print);
}
