import type { FastifyInstance } from 'fastify';
import type { LoginResult } from '../../../src/contracts/session';
import { LOGIN_BODY } from '../../../src/contracts/session-schema';
import { PUBLIC, SIGNED_IN, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { requireLoginCertificate } from '../../auth/sign-in';
import type { LogoutResult } from '../../../src/contracts/sign-in';
import { casLogoutUrl } from '../sign-in/cas-logout';
import { typed } from '../../http/typed';
import { recordLoginEvent, sourceOf, writeLoginEvent } from '../../auth/login-log';
import { loginPolicy } from '../../auth/login-lockout';
import type { AppContext } from '../../context';
import { loadUserInfo } from '../user/queries';
import { LoginRefused, authenticate, refusalEvents, type AuthenticatedUser } from './login';

/** Per-address limit on login attempts, on top of the per-name lockout. */
export const LOGIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export async function sessionRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const base = '/module/default/member/admin';

  app.post(
    `${base}/nl/login`,
    {
      schema: { body: LOGIN_BODY },
      config: { access: PUBLIC, secure: true, rateLimit: LOGIN_RATE_LIMIT },
    },
    async (request) => {
      const { username, password, certificate } = request.body;
      requireLoginCertificate(ctx, certificate);
      const policy = loginPolicy(ctx.config);
      let user: AuthenticatedUser;
      try {
        user = await authenticate(ctx.db, policy, username, password);
      } catch (error) {
        request.log.info({ username }, 'login refused');
        if (error instanceof LoginRefused) {
          // The name as typed, never the password; the answer does not depend on the row.
          for (const entry of refusalEvents(username, error, policy, sourceOf(request))) {
            await recordLoginEvent(ctx.db, request.log, entry);
          }
        }
        throw error;
      }
      const session = await ctx.sessions.create(user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        tenantId: request.tenantId,
        responsePublicKey: null,
      });
      await writeLoginEvent(ctx.db, {
        event: 'login',
        userId: user.id,
        username: user.username,
        realname: user.realname,
        source: sourceOf(request),
      });
      const result: LoginResult = {
        tokenValue: session.token,
        sessionTimeout: ctx.config.sessionTimeoutSeconds,
        // The public key of security mode; the private key never leaves the server.
        publicKey: ctx.securityKeys?.publicKey ?? '',
        privateKey: '',
      };
      return ok(result, '登录成功');
    },
  );

  app.post(`${base}/logout`, { config: { access: SIGNED_IN } }, async (request) => {
    const caller = principalOf(request);
    // Logged once: a second call racing this one finds the session gone.
    const session = await ctx.sessions.revoke(caller.tokenHash);
    if (session) {
      await recordLoginEvent(ctx.db, request.log, {
        event: 'logout',
        userId: caller.userId,
        username: caller.username,
        source: sourceOf(request),
      });
    }
    // A CAS session's browser goes on to the CAS logout, which ends the CAS session too.
    const cas = ctx.config.signIn.cas;
    const result: LogoutResult | null =
      cas && session?.loginMethod === 'cas' ? { casLogoutUrl: casLogoutUrl(cas) } : null;
    return ok(result, '退出登录成功！');
  });

  app.get(`${base}/user-info`, { config: { access: SIGNED_IN } }, async (request) => {
    return ok(await loadUserInfo(ctx.db, principalOf(request).userId, ctx.config.timeZone));
  });
}
