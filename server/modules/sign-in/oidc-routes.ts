import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** OIDC sign-in (issue 24): start, callback, getLoginUser; 用户管理's links. */
export async function oidcRoutes(_server: FastifyInstance, _ctx: AppContext): Promise<void> {}
