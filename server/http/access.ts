import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG_NO_PERMISSION, MSG_TOKEN_INVALID, ResultCode } from '../../src/contracts/envelope';
import { fail } from './envelope';

/**
 * Every API route declares who may call it. There is no default: a route under /system that
 * declares nothing is refused at run time and fails the route-walk test.
 */
export type Access =
  /** Anyone, no token (the `nl` = "no login" routes). */
  | { readonly kind: 'public' }
  /** Any signed-in user. */
  | { readonly kind: 'signed-in' }
  /** A signed-in user holding this permission code. */
  | { readonly kind: 'permission'; readonly code: string }
  /**
   * A signed-in user holding the code this route derives from the request (e.g. from the
   * page code in the path: `online:{code}:add`). The derivation sees only matched params.
   */
  | { readonly kind: 'permission-of'; readonly code: (request: FastifyRequest) => string };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
export function permission(code: string): Access {
  return { kind: 'permission', code };
}
export function permissionOf(code: (request: FastifyRequest) => string): Access {
  return { kind: 'permission-of', code };
}

/** Who is calling: resolved from the session token, cached in process. */
export interface Principal {
  readonly tokenHash: string;
  readonly userId: string;
  readonly username: string;
  readonly realname: string;
  readonly orgCode: string | null;
  /** Tenants the user may act in; null means unrestricted. */
  readonly tenantIds: readonly number[] | null;
  /** Permission codes of every menu and enabled button the user's roles grant. */
  readonly codes: ReadonlySet<string>;
  /** Session expiry, epoch ms. */
  readonly expiresAt: number;
  /** Security mode: public key (SPKI base64) answers to this session are encrypted with. */
  readonly responsePublicKey: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required on every route under the API prefix. */
    access?: Access;
    /** The route checks X-Sign / X-TIMESTAMP (shell.md §7). */
    signed?: boolean;
  }
  interface FastifyRequest {
    /** The caller; null on public routes. */
    principal: Principal | null;
    /** Tenant from the `tenant_id` / `tenant-id` header; 0 when none. */
    tenantId: number;
  }
}

export const TOKEN_HEADER = 'x-access-token';

export interface AccessControlOptions {
  /** Only routes under this prefix need a declaration (the static UI does not). */
  readonly apiPrefix: string;
  /** Resolves a token to its principal; null when missing, unknown, expired or revoked. */
  readonly resolvePrincipal: (token: string) => Promise<Principal | null>;
}

function readTenant(request: FastifyRequest): number | null {
  const raw = request.headers['tenant_id'] ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return 0;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function refuse(reply: FastifyReply, httpStatus: number, message: string, code: number) {
  return reply.code(httpStatus).send(fail(message, code));
}

/** Installs the authentication and authorisation hook on every route. */
export function installAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('tenantId', 0);

  app.addHook('onRequest', async (request, reply) => {
    const tenantId = readTenant(request);
    if (tenantId === null) {
      return refuse(reply, 400, '租户ID格式错误', ResultCode.BAD_REQUEST);
    }
    request.tenantId = tenantId;

    // Decide by the route the router matched, not the raw URL: `/%73ystem/…` reaches the same
    // handler as `/system/…` and must meet the same checks.
    if (request.is404) return;
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || !routeUrl.startsWith(options.apiPrefix)) return;
    const access = request.routeOptions.config.access;
    if (!access) {
      request.log.error({ url: request.routeOptions.url }, 'route declares no access; refused');
      return refuse(reply, 200, MSG_NO_PERMISSION, ResultCode.NO_PERMISSION);
    }
    if (access.kind === 'public') return;

    const header = request.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    const principal = token ? await options.resolvePrincipal(token) : null;
    if (!principal) {
      return refuse(reply, 401, MSG_TOKEN_INVALID, ResultCode.UNAUTHORIZED);
    }
    if (principal.tenantIds && tenantId !== 0 && !principal.tenantIds.includes(tenantId)) {
      return refuse(reply, 401, '用户租户信息变更,请重新登陆!', ResultCode.UNAUTHORIZED);
    }
    request.principal = principal;
    const required =
      access.kind === 'permission'
        ? access.code
        : access.kind === 'permission-of'
          ? access.code(request)
          : null;
    if (required !== null && !principal.codes.has(required)) {
      return refuse(reply, 200, MSG_NO_PERMISSION, ResultCode.NO_PERMISSION);
    }
  });
}

/** The signed-in caller of a route whose access is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf() on a public route');
  return request.principal;
}
