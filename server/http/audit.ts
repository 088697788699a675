import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { OPERATE_TYPES, OPERATE_TYPE_TEXT } from '../../src/contracts/system-log';
import { withAuditScope, type AuditScope } from '../db/audit-scope';
import { newId } from '../ids';

/**
 * 操作日志 (issue 23): every signed-in call that may write (any method but GET) runs inside an
 * audit scope, so the database's `sys_audit` trigger writes the call's one log row with each
 * row it changes (server/db/audit-scope.ts, migration 0019). A call that changes nothing, or
 * whose change rolls back, leaves no row. Public calls (sign-in, sign-out) are the login log's.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The kind of write a route is, by its last path segment (jeecg's operate_type). */
export function operateTypeOf(route: string): number {
  const last = route.split('/').at(-1) ?? '';
  if (/^(add|save|create)/i.test(last)) return OPERATE_TYPES.add;
  if (/^(edit|update)/i.test(last)) return OPERATE_TYPES.edit;
  if (/^(delete|remove)/i.test(last)) return OPERATE_TYPES.delete;
  if (/^import/i.test(last)) return OPERATE_TYPES.import;
  return OPERATE_TYPES.other;
}

function scopeOf(request: FastifyRequest, apiPrefix: string): AuditScope | null {
  const principal = request.principal;
  if (!principal || !WRITE_METHODS.has(request.method)) return null;
  const route = request.routeOptions.url ?? request.url;
  const path = route.startsWith(apiPrefix) ? route.slice(apiPrefix.length) : route;
  const operateType = operateTypeOf(path);
  return {
    id: newId(),
    userId: principal.userId,
    username: principal.username,
    ip: request.ip,
    route: path,
    url: request.url.slice(0, 255),
    method: request.method,
    code: request.grantedCode,
    operateType,
    content: `${OPERATE_TYPE_TEXT[operateType]} ${path}`,
  };
}

/** Wraps the handler of every API route that may write; before the routes are registered. */
export function installAudit(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith(apiPrefix) || !methods.some((m) => WRITE_METHODS.has(m))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function audited(request, reply) {
      const scope = scopeOf(request, apiPrefix);
      if (!scope) return handler.call(this, request, reply);
      return withAuditScope(scope, async () => handler.call(this, request, reply));
    };
  });
}
