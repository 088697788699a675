import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import {
  isRunning,
  repeat,
  request,
  startCluster,
  type RunningCluster,
} from '../tests/support/cluster-process';

/**
 * Several servers under load (issue 23): `npm run cluster -- 3` on a database of its own on
 * DATABASE_URL's server and on REDIS_URL, then BENCH_CLUSTER_SECONDS (default 600) of mixed
 * load on 50 keep-alive connections — 40 % position list, 30 % user info, 20 % menu, 10 %
 * position add. Figures: requests, errors (no answer or HTTP ≥ 500), p50/p99 per kind, each
 * process's resident memory at the start, its peak and at the end (sampled every 10 s); then
 * the time until a forced-out token is refused on three consecutive new connections (one per
 * process), median of 5. Skipped, with a line saying so, without DATABASE_URL and REDIS_URL.
 */

type Print = (name: string, value: number) => void;

const CONNECTIONS = 50;
const MIX = [
  'list',
  'list',
  'list',
  'list',
  'user',
  'user',
  'user',
  'menu',
  'menu',
  'add',
] as const;
type Kind = (typeof MIX)[number];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function signIn(port: number, username: string): Promise<string> {
  const answer = await request(port, 'POST', '/system/module/default/member/admin/nl/login', {
    body: { username, password: '123456' },
  });
  if (!answer.body.success) throw new Error(`${username} login refused: ${answer.body.message}`);
  return (answer.body.result as { tokenValue: string }).tokenValue;
}

function call(
  agent: http.Agent,
  port: number,
  token: string,
  kind: Kind,
  serial: number,
): Promise<number> {
  const [method, path, body] =
    kind === 'list'
      ? ['GET', '/system/sys/position/list?pageSize=10', null]
      : kind === 'user'
        ? ['GET', '/system/module/default/member/admin/user-info', null]
        : kind === 'menu'
          ? ['GET', '/system/sys/permission/getUserPermissionByToken', null]
          : [
              'POST',
              '/system/sys/position/add',
              JSON.stringify({ code: `load_${serial}`, name: '负载职务', postRank: '1' }),
            ];
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: 10_000,
        headers: {
          'x-access-token': token,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

async function load(cluster: RunningCluster, token: string, seconds: number, print: Print) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const times = new Map<Kind, number[]>(MIX.map((k) => [k, []]));
  let errors = 0;
  let serial = 0;
  const pids = [...cluster.workerPids().entries()];
  const rss = new Map(pids.map(([slot, pid]) => [slot, [rssMb(pid)]]));
  const sampler = setInterval(() => {
    for (const [slot, pid] of pids) rss.get(slot)!.push(rssMb(pid));
  }, 10_000);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, loop) => {
      let turn = loop;
      while (performance.now() < end) {
        const kind = MIX[turn++ % MIX.length]!;
        const started = performance.now();
        try {
          const status = await call(agent, cluster.port, token, kind, serial++);
          if (status >= 500) errors++;
          times.get(kind)!.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  clearInterval(sampler);
  for (const [slot, pid] of pids) rss.get(slot)!.push(rssMb(pid));
  agent.destroy();
  const total = [...times.values()].reduce((n, list) => n + list.length, 0);
  print('cluster.seconds', seconds);
  print('cluster.requests', total);
  print('cluster.requests_per_s', Math.round(total / seconds));
  print('cluster.errors', errors);
  for (const [kind, list] of times) {
    print(`cluster.${kind}_p50_ms`, Number(percentile(list, 50).toFixed(1)));
    print(`cluster.${kind}_p99_ms`, Number(percentile(list, 99).toFixed(1)));
  }
  for (const [slot, samples] of rss) {
    print(`cluster.rss_mb.${slot}.start`, Math.round(samples[0]!));
    print(`cluster.rss_mb.${slot}.peak`, Math.round(Math.max(...samples)));
    print(`cluster.rss_mb.${slot}.end`, Math.round(samples.at(-1)!));
  }
  print('cluster.processes_alive', pids.filter(([, pid]) => isRunning(pid)).length);
}

/** Time from a forced logout's answer until three consecutive new connections refuse the token. */
async function forcedOutMs(port: number, admin: string): Promise<number> {
  const staff = await signIn(port, 'staff');
  const userInfo = () =>
    request(port, 'GET', '/system/module/default/member/admin/user-info', { token: staff });
  await repeat(6, userInfo); // every process has it cached
  const list = await request(port, 'GET', '/system/sys/online/list?username=staff&pageSize=50', {
    token: admin,
  });
  const sessions = (list.body.result as { records: { id: string }[] }).records;
  const all: Promise<unknown>[] = [];
  for (const session of sessions) {
    all.push(
      request(port, 'POST', '/system/sys/online/forceLogout', {
        token: admin,
        body: { id: session.id },
      }),
    );
  }
  await Promise.all(all);
  const answered = performance.now();
  let refusedInARow = 0;
  while (refusedInARow < 3) {
    const answer = await userInfo();
    refusedInARow = answer.status === 401 ? refusedInARow + 1 : 0;
  }
  return performance.now() - answered;
}

export async function benchCluster(print: Print): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const redisUrl = process.env.REDIS_URL?.trim();
  if (!databaseUrl || !redisUrl) {
    console.log('cluster: skipped (set DATABASE_URL and REDIS_URL)');
    return;
  }
  const seconds = Number(process.env.BENCH_CLUSTER_SECONDS ?? 600);
  const name = `bench_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  let cluster: RunningCluster | null = null;
  try {
    cluster = await startCluster({ processes: 3, databaseUrl: url.toString(), redisUrl });
    const token = await signIn(cluster.port, 'admin');
    await load(cluster, token, seconds, print);
    const refusals: number[] = [];
    for (let i = 0; i < 5; i++) refusals.push(await forcedOutMs(cluster.port, token));
    print('cluster.forced_out_refused_ms', Number(percentile(refusals, 50).toFixed(1)));
  } finally {
    await cluster?.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
