import type { FastifyInstance } from 'fastify';
import { oidcThirdType, type LoginOptions } from '../../../src/contracts/sign-in';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import type { SignInConfig } from '../../sign-in-config';

/** Where an OIDC provider's button sends the browser (under the API prefix). */
export function oidcStartPath(name: string): string {
  return `/system/sys/thirdLogin/oidc/${name}/start`;
}

/** The CAS server's login page with this site as the service. */
export function casLoginUrl(cas: NonNullable<SignInConfig['cas']>): string {
  return `${cas.serverUrl}/login?service=${encodeURIComponent(cas.serviceUrl)}`;
}

/** What the login screen offers; names and labels only, nothing secret. */
export function loginOptionsOf(signIn: SignInConfig): LoginOptions {
  return {
    phone: signIn.sms !== null,
    register: signIn.registration,
    reset: signIn.sms !== null,
    oidc: signIn.oidc.map((p) => ({
      type: oidcThirdType(p.name),
      label: p.label,
      start: oidcStartPath(p.name),
    })),
    cas: signIn.cas ? { loginUrl: casLoginUrl(signIn.cas) } : null,
  };
}

export async function loginOptionsRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = loginOptionsOf(ctx.config.signIn);
  server.get('/sys/loginOptions', { config: { access: PUBLIC } }, async () => ok(options));
}
