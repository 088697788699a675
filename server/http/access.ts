import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG_NO_PERMISSION, MSG_TOKEN_INVALID, ResultCode } from '../../src/contracts/envelope';
import { fail } from './envelope';
import { requestToken } from './request-token';

/**
 * Every API route declares who may call it. There is no default: a route under /system that
 * declares nothing is refused at run time and fails the route-walk test.
 */
export type Access =
  /** Anyone, no token (the `nl` = "no login" routes). */
  | { readonly kind: 'public' }
  /** Any signed-in user. */
  | { readonly kind: 'signed-in' }
  /** A signed-in user holding at least one of these permission codes. */
  | { readonly kind: 'permission'; readonly codes: readonly string[] }
  /**
   * A signed-in user holding the code this route derives from the request (e.g. from the
   * page code in the path: `online:{code}:add`). The derivation runs once the body is parsed
   * (preValidation) and sees the raw params, query and body: it must not trust their shape.
   */
  | {
      readonly kind: 'permission-of';
      readonly code: (request: FastifyRequest) => string;
      /** What the code looks like, for the API document (`online:{code}:add`). */
      readonly pattern: string;
      /**
       * Runs first, before any permission is looked up, and may throw the route's own answer
       * (an unknown page answers 404 页面不存在 whoever asks, as the reference does).
       */
      readonly precheck?: (request: FastifyRequest) => Promise<void>;
    };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
/** Holders of `code` (or of any of `more`, for a route two screens share). */
export function permission(code: string, ...more: string[]): Access {
  return { kind: 'permission', codes: [code, ...more] };
}
/** A code derived from the request; `pattern` says its shape in the API document. */
export function permissionOf(
  code: (request: FastifyRequest) => string,
  pattern: string,
  precheck?: (request: FastifyRequest) => Promise<void>,
): Access {
  return { kind: 'permission-of', code, pattern, ...(precheck ? { precheck } : {}) };
}

/** Who may call a route, as the API document writes it (`x-permission`). */
export function describeAccess(access: Access | undefined): string {
  if (!access) return 'none (refused)';
  switch (access.kind) {
    case 'public':
      return 'public';
    case 'signed-in':
      return 'signed-in';
    case 'permission':
      return access.codes.join(' | ');
    case 'permission-of':
      return access.pattern;
  }
}

/** A data rule of a menu chosen for one of the caller's roles (jeecg-api.md §4.4). */
export interface DataRule {
  readonly id: string;
  readonly name: string;
  /** Field of the menu's list the rule filters on. */
  readonly column: string | null;
  /** `=`, `!=`, `>`, `>=`, `<`, `<=`, `IN`, `LIKE`, `LEFT_LIKE`, `RIGHT_LIKE`. */
  readonly condition: string;
  /** Compared value; may hold system variables such as `#{sys_org_code}`. */
  readonly value: string | null;
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
  /** Org codes of every department the user belongs to (`#{sys_multi_org_code}`). */
  readonly orgCodes: readonly string[];
  /**
   * Data rules by permission code: a menu's rules under its own code and under the code of
   * each of its buttons, so a route admitted with `user:edit` meets the 用户管理 rules.
   */
  readonly dataRules: ReadonlyMap<string, readonly DataRule[]>;
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
    /** The permission code the caller was admitted with (permission routes); null otherwise. */
    grantedCode: string | null;
    /** Tenant from the `tenant_id` / `tenant-id` header; 0 when none. */
    tenantId: number;
  }
}

export { TOKEN_HEADER } from './request-token';

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
  app.decorateRequest('grantedCode', null);
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

    const token = requestToken(request);
    const principal = token ? await options.resolvePrincipal(token) : null;
    if (!principal) {
      return refuse(reply, 401, MSG_TOKEN_INVALID, ResultCode.UNAUTHORIZED);
    }
    if (principal.tenantIds && tenantId !== 0 && !principal.tenantIds.includes(tenantId)) {
      return refuse(reply, 401, '用户租户信息变更,请重新登陆!', ResultCode.UNAUTHORIZED);
    }
    request.principal = principal;
    if (access.kind === 'permission') {
      const granted = access.codes.find((code) => principal.codes.has(code));
      if (granted === undefined) {
        return refuse(reply, 200, MSG_NO_PERMISSION, ResultCode.NO_PERMISSION);
      }
      request.grantedCode = granted;
    }
  });

  // Derived codes may depend on the body, which is parsed after onRequest.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access?.kind !== 'permission-of' || !request.principal) return;
    if (access.precheck) await access.precheck(request);
    let required: string;
    try {
      required = access.code(request);
    } catch {
      required = '';
    }
    if (!required || !request.principal.codes.has(required)) {
      return refuse(reply, 200, MSG_NO_PERMISSION, ResultCode.NO_PERMISSION);
    }
    request.grantedCode = required;
  });
}

/** The signed-in caller of a route whose access is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf() on a public route');
  return request.principal;
}
