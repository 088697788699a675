import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { databaseKindOf, poolStatsOf, type Db } from '../../db/index';

/**
 * GET /system/metrics in the Prometheus text format (prom-client), one registry per app:
 * requests by route and status with their durations, the database pool, event-loop lag and
 * the process (prom-client's defaults), open sockets, and scheduler runs. Routes are labelled
 * by their pattern (`/sys/user/list`, `/online/cgform/api/:code/list`), never by the raw URL,
 * so a caller cannot grow the series without bound.
 */

export interface AppMetrics {
  readonly registry: Registry;
  /** A 定时任务 run ended. */
  jobRun(result: 'ok' | 'failed', trigger: string): void;
  /** The text a scrape answers. */
  scrape(): Promise<string>;
}

export interface MetricSources {
  readonly db: Db;
  /** Open sockets by channel. */
  readonly sockets: () => Readonly<Record<string, number>>;
}

/** Seconds; from a quick lookup to a 10 s export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Installs the request hooks on `app` and answers the app's metrics. */
export function installMetrics(app: FastifyInstance, sources: MetricSources): AppMetrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const kind = databaseKindOf(sources.db);
  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Database connections running a call (0 on the embedded database, which has none).',
    labelNames: ['database'],
    registers: [registry],
    collect() {
      this.set({ database: kind }, poolStatsOf(sources.db)?.inUse ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Calls waiting for a database connection.',
    labelNames: ['database'],
    registers: [registry],
    collect() {
      this.set({ database: kind }, poolStatsOf(sources.db)?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'websocket_connections',
    help: 'Open websockets, by channel.',
    labelNames: ['channel'],
    registers: [registry],
    collect() {
      for (const [channel, count] of Object.entries(sources.sockets())) {
        this.set({ channel }, count);
      }
    },
  });
  new Gauge({
    name: 'http_open_connections',
    help: 'Open HTTP connections of this process.',
    registers: [registry],
    async collect() {
      const count = await new Promise<number>((resolve) =>
        app.server.getConnections((error, n) => resolve(error ? 0 : n)),
      );
      this.set(count);
    },
  });
  const jobRuns = new Counter({
    name: 'scheduler_job_runs_total',
    help: '定时任务 runs that ended, by result (ok, failed) and trigger.',
    labelNames: ['result', 'trigger'],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  // The process metrics (event-loop lag, memory, CPU) start with the first scrape: an app
  // nobody scrapes (a test) runs no monitor.
  let defaults = false;
  return {
    registry,
    jobRun: (result, trigger) => jobRuns.inc({ result, trigger }),
    async scrape() {
      if (!defaults) {
        defaults = true;
        collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
      }
      return registry.metrics();
    },
  };
}
