import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { casRoutes } from './cas-routes';
import { loginOptionsRoutes } from './login-options';
import { oidcRoutes } from './oidc-routes';
import { selfServiceRoutes } from './self-service-routes';
import { smsRoutes } from './sms-routes';

/** The other ways in (issue 24); each answers only when its settings switch it on. */
export async function signInRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  await loginOptionsRoutes(server, ctx);
  await smsRoutes(server, ctx);
  await selfServiceRoutes(server, ctx);
  await oidcRoutes(server, ctx);
  await casRoutes(server, ctx);
}
