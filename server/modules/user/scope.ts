import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import { principalOf } from '../../http/access';
import { assertInScope, dataScope } from '../../http/data-scope';
import type { Actor } from './crud';
import { USER_SCOPE_SOURCE, USER_LIST_ENTITY } from './list';

/**
 * The caller's data rules on 用户管理 (rule fields are fields of the user list). The list,
 * queryById, export, edit, delete, freeze and password reset meet them; a route admitted with
 * a button code (`user:edit`) meets the rules of the menu the button belongs to.
 */

export function userScope(request: FastifyRequest, timeZone: string) {
  return dataScope(request, USER_LIST_ENTITY, timeZone);
}

/** Refuses (没有该数据的操作权限) when one of the users is outside the caller's rules. */
export async function assertUsersInScope(
  db: Db,
  request: FastifyRequest,
  ids: readonly string[],
  timeZone: string,
): Promise<void> {
  await assertInScope(db.withoutPlugins(), USER_SCOPE_SOURCE, ids, userScope(request, timeZone));
}

export function actorOf(request: FastifyRequest): Actor {
  const { userId, username } = principalOf(request);
  return { userId, username };
}
