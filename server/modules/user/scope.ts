import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../http/access';
import type { Actor } from './crud';

/** Who is changing users (the caller), as the write functions record it. */
export function actorOf(request: FastifyRequest): Actor {
  const { userId, username } = principalOf(request);
  return { userId, username };
}
