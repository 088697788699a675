import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../src/contracts/envelope';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../http/access';
import { fail, ok } from '../../http/envelope';
import { readiness, unreadyMessage } from './health';

/** Where the health checks and the metrics answer (under /system). */
export const OpsPath = {
  live: '/health/live',
  ready: '/health/ready',
  metrics: '/metrics',
} as const;

export const MSG_METRICS_REFUSED = '监控指标仅限本机访问，或携带 METRICS_TOKEN';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function sameSecret(given: string, expected: string): boolean {
  // Equal-length digests: the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A scrape from this machine, or one with `Authorization: Bearer <METRICS_TOKEN>`. The peer
 * address is the socket's, not a forwarded one, and a request a proxy forwarded is never
 * "this machine": nginx on the same host must not publish the metrics.
 */
export function metricsAllowed(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (token && typeof header === 'string' && header.startsWith('Bearer ')) {
    return sameSecret(header.slice('Bearer '.length), token);
  }
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK.has(peer) && !FORWARDED.some((name) => request.headers[name] !== undefined);
}

/** Health and metrics: no token (a load balancer has none); metrics check their own access. */
export async function opsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const started = Date.now();
  const ready = readiness(ctx.db, ctx.config.redisUrl ? ctx.bus : null);

  app.get(OpsPath.live, { config: { access: PUBLIC } }, async () =>
    ok({ status: 'up', uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
  );

  app.get(OpsPath.ready, { config: { access: PUBLIC } }, async (_request, reply) => {
    const result = await ready.check();
    if (result.status === 'ready') return ok(result);
    return reply.code(503).send(fail(unreadyMessage(result), ResultCode.UNAVAILABLE, result));
  });

  app.get(OpsPath.metrics, { config: { access: PUBLIC } }, async (request, reply) => {
    if (!metricsAllowed(request, ctx.config.metricsToken)) {
      return reply.code(403).send(fail(MSG_METRICS_REFUSED, ResultCode.FORBIDDEN));
    }
    const text = await ctx.metrics.scrape();
    return reply
      .header('content-type', ctx.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
