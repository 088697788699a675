import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function smsRoutes(_server: FastifyInstance, _ctx: AppContext): Promise<void> {}
