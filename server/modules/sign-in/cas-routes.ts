import type { FastifyInstance } from 'fastify';
import { LOGIN_RATE_LIMIT } from '../session/routes';
import Type from 'typebox';
import {
  MSG_CAS_OFF,
  MSG_CAS_SERVICE_MISMATCH,
  MSG_CAS_TICKET_INVALID,
  MSG_CAS_UNAVAILABLE,
  MSG_SSO_UNBOUND,
} from '../../../src/contracts/sign-in';
import { recordLoginEvent, sourceOf, subjectOf } from '../../auth/login-log';
import { enteringUser, openChannelSession } from '../../auth/sign-in';
import type { AppContext } from '../../context';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import { claimTicket } from './cas-replay';
import { sameService, ticketWellFormed } from './cas-ticket';
import { CasUnavailable, validateServiceTicket } from './cas-validate';

/** Loose bounds only: the checks below answer with their own messages. */
const VALIDATE_QUERY = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 1024 })),
  service: Type.Optional(Type.String({ maxLength: 4096 })),
});

/**
 * CAS 3.0 sign-in (issue 24): the CAS server sent the browser back to the login page with a
 * ticket; the page hands it here, the ticket is checked with the CAS server, and its user
 * (by username) gets a session.
 */
export async function casRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);

  app.get(
    '/sys/cas/client/validateLogin',
    {
      schema: { querystring: VALIDATE_QUERY },
      config: { access: PUBLIC, rateLimit: LOGIN_RATE_LIMIT },
    },
    async (request) => {
      const cas = ctx.config.signIn.cas;
      if (!cas) throw new AppError(MSG_CAS_OFF);
      const { ticket = '', service = '' } = request.query;
      if (!sameService(service, cas.serviceUrl)) throw new AppError(MSG_CAS_SERVICE_MISMATCH);
      if (!ticketWellFormed(ticket)) throw new AppError(MSG_CAS_TICKET_INVALID);
      if (!(await claimTicket(ctx.db, ticket))) {
        request.log.warn('CAS ticket replayed');
        throw new AppError(MSG_CAS_TICKET_INVALID);
      }

      const answer = await validateServiceTicket(cas, ticket).catch((error: unknown) => {
        if (!(error instanceof CasUnavailable)) throw error;
        // The reason and its cause go to the log; the browser gets one plain sentence.
        request.log.error({ err: error }, 'CAS serviceValidate failed');
        throw new AppError(MSG_CAS_UNAVAILABLE);
      });
      if (answer.kind === 'failure') {
        // The code is for the operator; the browser only learns the ticket did not do.
        request.log.warn({ casCode: answer.code }, 'CAS refused the ticket');
        throw new AppError(MSG_CAS_TICKET_INVALID);
      }

      const user = await enteringUser(ctx.db, { username: answer.user });
      if (!user) {
        await recordLoginEvent(ctx.db, request.log, {
          event: 'login_failed',
          userId: null,
          username: answer.user,
          // The path alone: the query holds the (now spent) ticket.
          source: { ...sourceOf(request), url: request.url.split('?')[0] ?? null },
          content: `${subjectOf(answer.user)} CAS登录失败：${MSG_SSO_UNBOUND}`,
        });
        throw new AppError(MSG_SSO_UNBOUND);
      }
      return ok(await openChannelSession(ctx, request, user, 'cas'));
    },
  );
}
