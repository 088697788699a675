import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { ResultCode } from '../../../src/contracts/envelope';
import {
  MSG_SSO_FAILED,
  MSG_SSO_TOKEN_INVALID,
  MSG_SSO_UNBOUND,
  SSO_TOKEN_TTL_SECONDS,
} from '../../../src/contracts/sign-in';
import { enteringUser, openChannelSession } from '../../auth/sign-in';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { MSG_NOT_FOUND } from '../../http/error-handling';
import { typed } from '../../http/typed';
import type { OidcProviderConfig } from '../../sign-in-config';
import { mapIdentity, oidcProviderKey, touchLink } from './oidc-accounts';
import { bindingCookie, bindingFor, browserHashOf } from './oidc-browser';
import { OidcClients, type FlowSecrets } from './oidc-client';
import { oidcLinkRoutes } from './oidc-links';
import { callbackUrl, errorLanding, safeRedirect, tokenLanding } from './oidc-redirects';
import { putGrant, randomSecret, sha256Hex, takeGrant } from './sso-grants';

/**
 * OIDC sign-in (issue 24), the authorization code flow with PKCE:
 * 1. `start` keeps a flow (state → nonce, PKCE verifier, redirect) bound to this browser and
 *    sends the browser to the provider;
 * 2. `callback` takes the flow once, exchanges the code, finds the user and sends the browser
 *    back to the login page with a one-time token (or an error message);
 * 3. `getLoginUser` takes that token once, from the same browser, and opens the session.
 * Plus 用户管理's list and removal of a user's links (oidc-links.ts).
 */

/** A flow may wait this long at the provider. */
const FLOW_TTL_SECONDS = 10 * 60;
/** Per address, like the password login's limit: these routes write rows for anonymous calls. */
const SSO_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const THIRD_TYPE_PREFIX = 'oidc_';

const NAME_PARAMS = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });
const START_QUERY = Type.Object({ redirect: Type.Optional(Type.String()) });
const CALLBACK_QUERY = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
const TOKEN_PARAMS = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128 }),
  thirdType: Type.String({ minLength: 1, maxLength: 80 }),
});

/** A refusal whose message the user may read. */
class SsoRefused extends Error {}

/** The query string exactly as the provider sent it (`iss` and the rest included). */
function rawSearch(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at);
}

function isFlowSecrets(data: unknown): data is FlowSecrets {
  const flow = data as Partial<FlowSecrets> | null;
  return typeof flow?.nonce === 'string' && typeof flow.verifier === 'string';
}

export async function oidcRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const { publicUrl } = ctx.config.signIn;
  const clients = new OidcClients(ctx.config.signIn.oidc);

  const known = (name: string): OidcProviderConfig => {
    const provider = clients.provider(name);
    if (!provider) throw new AppError(MSG_NOT_FOUND, ResultCode.NOT_FOUND, 404);
    return provider;
  };

  app.get(
    '/sys/thirdLogin/oidc/:name/start',
    {
      schema: { params: NAME_PARAMS, querystring: START_QUERY },
      config: { access: PUBLIC, rateLimit: SSO_RATE_LIMIT },
    },
    async (request, reply) => {
      const provider = known(request.params.name);
      const binding = bindingFor(request);
      let url: URL;
      try {
        const redirectUri = callbackUrl(publicUrl, provider.name);
        const flow = await clients.begin(
          provider,
          redirectUri,
          safeRedirect(request.query.redirect),
        );
        await putGrant(db, {
          secret: flow.state,
          kind: 'flow',
          provider: oidcProviderKey(provider.name),
          browserHash: sha256Hex(binding),
          data: flow.secrets,
          ttlSeconds: FLOW_TTL_SECONDS,
        });
        url = flow.url;
      } catch (error) {
        // The provider cannot be reached or discovered: the login page says so, the log why.
        request.log.warn({ err: error, provider: provider.name }, 'oidc start failed');
        return reply.header('cache-control', 'no-store').redirect(errorLanding(MSG_SSO_FAILED));
      }
      return reply
        .header('cache-control', 'no-store')
        .header(
          'set-cookie',
          bindingCookie(binding, publicUrl, FLOW_TTL_SECONDS + SSO_TOKEN_TTL_SECONDS),
        )
        .redirect(url.href, 302);
    },
  );

  /** The login page URL the callback ends on (token or error). */
  async function landing(request: FastifyRequest, provider: OidcProviderConfig, state: string) {
    const key = oidcProviderKey(provider.name);
    const flow = state
      ? await takeGrant(db, { secret: state, kind: 'flow', provider: key })
      : undefined;
    if (!flow || !isFlowSecrets(flow.data)) throw new SsoRefused(MSG_SSO_FAILED);
    // The browser that started the flow, and no other (login CSRF, a forwarded link).
    const browserHash = browserHashOf(request);
    if (browserHash === null || browserHash !== flow.browserHash) {
      throw new SsoRefused(MSG_SSO_FAILED);
    }
    const current = new URL(`${callbackUrl(publicUrl, provider.name)}${rawSearch(request)}`);
    const identity = await clients.finish(provider, current, state, flow.data);
    const mapped = await mapIdentity(db, provider, identity);
    if (mapped.kind === 'unbound') throw new SsoRefused(MSG_SSO_UNBOUND);
    await touchLink(db, key, identity.subject);
    const token = randomSecret();
    await putGrant(db, {
      secret: token,
      kind: 'token',
      provider: key,
      browserHash,
      userId: mapped.userId,
      ttlSeconds: SSO_TOKEN_TTL_SECONDS,
    });
    return tokenLanding(provider.name, token, flow.data.redirect);
  }

  app.get(
    '/sys/thirdLogin/oidc/:name/callback',
    {
      schema: { params: NAME_PARAMS, querystring: CALLBACK_QUERY },
      config: { access: PUBLIC, rateLimit: SSO_RATE_LIMIT },
    },
    async (request, reply) => {
      const provider = known(request.params.name);
      let target: string;
      try {
        target = await landing(request, provider, request.query.state ?? '');
      } catch (error) {
        const message = error instanceof SsoRefused ? error.message : MSG_SSO_FAILED;
        request.log.warn({ err: error, provider: provider.name }, 'oidc callback refused');
        target = errorLanding(message);
      }
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  app.get(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    {
      schema: { params: TOKEN_PARAMS },
      config: { access: PUBLIC, rateLimit: SSO_RATE_LIMIT },
    },
    async (request, reply) => {
      const { token, thirdType } = request.params;
      const name = thirdType.startsWith(THIRD_TYPE_PREFIX)
        ? thirdType.slice(THIRD_TYPE_PREFIX.length)
        : '';
      const provider = clients.provider(name);
      const browserHash = browserHashOf(request);
      const grant =
        provider && browserHash
          ? await takeGrant(db, {
              secret: token,
              kind: 'token',
              provider: oidcProviderKey(provider.name),
              browserHash,
            })
          : undefined;
      const user = grant?.userId ? await enteringUser(db, { id: grant.userId }) : undefined;
      if (!provider || !user) throw new AppError(MSG_SSO_TOKEN_INVALID);
      reply.header('cache-control', 'no-store');
      return ok(await openChannelSession(ctx, request, user, oidcProviderKey(provider.name)));
    },
  );

  await oidcLinkRoutes(server, ctx);
}
