import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { recordLoginEvent, sourceOf, subjectOf } from '../../auth/login-log';
import type { AppContext } from '../../context';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_SCHEMA, LIST_QUERY } from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import { listOnlineUsers, ONLINE_USER_SCOPE } from './list';

/**
 * 在线用户 (jeecg-api.md §4.14, made safe): `GET /sys/online/list` lists live sessions by an
 * opaque id, never by token; `POST /sys/online/forceLogout {id}` ends one everywhere: the
 * session row goes, every process drops it from its cache and closes its sockets (the bus's
 * `session` event), and its next call answers the token-expired 401; the 登录日志 gets a
 * `forced_logout` row for the user forced out, naming who did it.
 */

const BASE = '/sys/online';
const dataScope = scoped(ONLINE_USER_SCOPE);
const FORCE_LOGOUT_BODY = Type.Object({ id: ID_SCHEMA });

export const MSG_FORCED_OUT = '已强制退出';
export const MSG_SESSION_GONE = '该会话已结束';
export const MSG_OWN_SESSION = '不能强制退出当前会话，请使用退出登录';

export async function onlineUserRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);

  app.get(
    `${BASE}/list`,
    {
      config: { access: permission('online:user:list'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) =>
      ok(
        await listOnlineUsers(
          ctx.db,
          request.query,
          rowScope(request),
          principalOf(request).tokenHash,
          { timeZone: ctx.config.timeZone, now: new Date() },
        ),
      ),
  );

  app.post(
    `${BASE}/forceLogout`,
    {
      config: { access: permission('online:user:forceLogout'), dataScope },
      schema: { body: FORCE_LOGOUT_BODY },
    },
    async (request) => {
      const { id } = request.body;
      // A session the caller's data rules keep out of their list is refused like any row.
      await rowScope(request).checkOne(id);
      const caller = principalOf(request);
      const outcome = await ctx.sessions.revokeById(id, caller.tokenHash);
      if (outcome.kind === 'missing') throw failure(MSG_SESSION_GONE);
      if (outcome.kind === 'own') throw failure(MSG_OWN_SESSION);
      await recordLoginEvent(ctx.db, request.log, {
        event: 'forced_logout',
        userId: outcome.userId,
        username: outcome.username,
        source: sourceOf(request),
        content: `${subjectOf(outcome.username)} 被 ${caller.username} 强制退出`,
      });
      return ok(null, MSG_FORCED_OUT);
    },
  );
}
