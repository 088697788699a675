import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** CAS 3.0 sign-in (issue 24): GET /sys/cas/client/validateLogin. */
export async function casRoutes(_server: FastifyInstance, _ctx: AppContext): Promise<void> {}
