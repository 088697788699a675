import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/contracts/envelope';
import { databaseKindOf } from '../../server/db';
import { MSG_METRICS_REFUSED } from '../../server/modules/ops/routes';
import { CLOSE_SERVICE_RESTART } from '../../server/realtime/websocket';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';
import { baseUrlOf, open, userIdOf } from '../support/ws-client';

/**
 * Health and metrics (issue 23): live and ready answer without a token; metrics answer this
 * machine or a METRICS_TOKEN bearer in the Prometheus text format, with the requests this
 * process served labelled by route pattern. (Ready's 503 during outages: database-outage and
 * redis-outage tests.)
 */

let t: TestApp;
const TOKEN = 'metrics-token-for-tests-0123456789';

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'GET', url: '/system/metrics', headers, remoteAddress });
}

/**
 * The text-format rules (prometheus.io/docs/instrumenting/exposition_formats): every line is
 * empty, a `# HELP name text`, a `# TYPE name type` before the family's samples, or a sample
 * `name{label="value",…} number`; a family's samples follow its TYPE; names and labels match
 * the metric-name grammar; values are numbers as Go's ParseFloat reads them. Answers the samples.
 */
function parseExposition(text: string): Map<string, { labels: string; value: number }[]> {
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\["\\\\n])*"`;
  const SAMPLE = new RegExp(
    `^(${NAME})(\\{(?:${LABEL}(?:,${LABEL})*)?,?\\})? ([-+]?(?:[0-9.]+(?:e[-+]?[0-9]+)?|inf)|nan)( [0-9]+)?$`,
    'i', // values are read as Go's ParseFloat reads them: NaN and Inf in any case
  );
  const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
  const samples = new Map<string, { labels: string; value: number }[]>();
  const typed = new Map<string, string>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue; // empty lines are ignored
    if (line.startsWith('# HELP ')) {
      expect(line, line).toMatch(new RegExp(`^# HELP ${NAME} .*$`));
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      expect(TYPES.has(type!), line).toBe(true);
      expect(typed.has(name!), `TYPE twice: ${line}`).toBe(false);
      typed.set(name!, type!);
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const name = match![1]!;
    const family = [...typed.keys()].find(
      (f) => name === f || (/_(bucket|sum|count|total|created)$/.test(name) && name.startsWith(f)),
    );
    expect(family, `sample before its TYPE: ${line}`).toBeDefined();
    const list = samples.get(name) ?? [];
    list.push({
      labels: match![2] ?? '',
      value: Number(match![3]!.replace(/inf/i, 'Infinity').replace(/^nan$/i, 'NaN')),
    });
    samples.set(name, list);
  }
  return samples;
}

describe('health', () => {
  it('live answers without a token', async () => {
    const live = await call<{ status: string }>(t.app, 'GET', '/system/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ success: true, result: { status: 'up' } });
  });

  it('ready names each check: the database and its migrations, no Redis configured', async () => {
    const ready = await call(t.app, 'GET', '/system/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      success: true,
      result: {
        status: 'ready',
        database: { ok: true },
        migrations: { ok: true },
        redis: null,
      },
    });
  });
});

describe('metrics', () => {
  it('counts the requests by route pattern and status, in the Prometheus text format', async () => {
    const token = await login(t.app, 'admin', DEMO_PASSWORD);
    await call(t.app, 'GET', '/system/sys/position/list', { token });
    await call(t.app, 'GET', '/system/sys/position/queryById?id=nope-1', { token });
    await call(t.app, 'GET', '/system/sys/position/queryById?id=nope-2', { token });
    await call(t.app, 'GET', '/system/sys/position/list'); // no token: 401

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(response.body);

    const requests = samples.get('http_requests_total') ?? [];
    const count = (route: string, status: string) =>
      requests.find(
        (s) => s.labels.includes(`route="${route}"`) && s.labels.includes(`status="${status}"`),
      )?.value;
    expect(count('/system/sys/position/list', '200')).toBe(1);
    expect(count('/system/sys/position/list', '401')).toBe(1);
    // One series for the route, whatever the id: the raw URL is never a label.
    expect(count('/system/sys/position/queryById', '200')).toBe(2);
    expect(requests.some((s) => s.labels.includes('nope-'))).toBe(false);
    expect(samples.get('http_request_duration_seconds_count')?.length).toBeGreaterThan(0);

    for (const name of [
      'db_pool_connections_in_use',
      'db_pool_waiting',
      'websocket_connections',
      'http_open_connections',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(samples.has(name), name).toBe(true);
    }
    // Labelled by the database this app runs on (the embedded one, or DATABASE_URL's server).
    expect(samples.get('db_pool_waiting')![0]!.labels).toBe(
      `{database="${databaseKindOf(t.ctx.db)}"}`,
    );
  });

  it('counts scheduler runs by result', async () => {
    t.ctx.metrics.jobRun('failed', 'manual');
    const samples = parseExposition((await scrape()).body);
    expect(
      samples
        .get('scheduler_job_runs_total')
        ?.find((s) => s.labels.includes('result="failed"') && s.labels.includes('trigger="manual"'))
        ?.value,
    ).toBe(1);
  });

  it('answers another machine only with the bearer token, and never through a proxy', async () => {
    const refused = await scrape({}, '10.0.0.7');
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      success: false,
      code: ResultCode.FORBIDDEN,
      message: MSG_METRICS_REFUSED,
    });
    expect((await scrape({ authorization: 'Bearer wrong' }, '10.0.0.7')).statusCode).toBe(403);
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '10.0.0.7')).statusCode).toBe(200);
    // nginx on this machine forwards from 127.0.0.1: forwarded requests are not local.
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });
});

describe('closing', () => {
  it('tells every open socket to reconnect (1012) and answers the metrics of what it served', async () => {
    const own = await createTestApp();
    const base = await baseUrlOf(own);
    const token = await login(own.app, 'admin', DEMO_PASSWORD);
    const socket = await open(
      base,
      `/system/websocket/${await userIdOf(own, 'admin')}`,
      token,
      () => true,
    );
    const metrics = await own.app.inject({ method: 'GET', url: '/system/metrics' });
    expect(parseExposition(metrics.body).get('websocket_connections')).toContainEqual({
      labels: '{channel="notice"}',
      value: 1,
    });
    await own.close();
    expect(await socket.closed()).toBe(CLOSE_SERVICE_RESTART);
  });
});
