import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { NOTICE_SOCKET_PATH } from '../../src/contracts/notice';
import { ResultCode } from '../../src/contracts/envelope';
import type { AppContext } from '../context';
import { SIGNED_IN, principalOf } from '../http/access';
import { fail } from '../http/envelope';
import { AppError } from '../http/errors';
import { requestToken } from '../http/request-token';
import { typed } from '../http/typed';

/** Refusal of a socket whose path names another user than its token. */
export const MSG_NOT_YOUR_SOCKET = '不能连接其他用户的消息通道';

const SOCKET_PARAMS = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * `GET /websocket/{userId}` (WebSocket): the notice socket (notice-hub.ts). The upgrade meets
 * access control like any route: the token (`Sec-WebSocket-Protocol` from a browser) must
 * resolve, else HTTP 401. The path must name the token's user, else HTTP 403 before the upgrade:
 * no socket opens for someone else's id.
 */
export async function noticeSocketRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(server).route({
    method: 'GET',
    url: `${NOTICE_SOCKET_PATH}/:userId`,
    schema: { params: SOCKET_PARAMS },
    config: { access: SIGNED_IN },
    // Runs before @fastify/websocket upgrades (in the route handler), so a refusal is HTTP.
    preHandler: async (request) => {
      if (request.params.userId !== principalOf(request).userId) {
        throw new AppError(MSG_NOT_YOUR_SOCKET, ResultCode.FORBIDDEN, 403);
      }
    },
    // A plain GET (no upgrade) gets an envelope saying what to do instead.
    handler: async (_request, reply) =>
      reply.code(426).send(fail('请使用 WebSocket 连接', ResultCode.BAD_REQUEST)),
    wsHandler(socket, request) {
      const token = requestToken(request);
      if (!token) {
        socket.close(1008, 'no token');
        return;
      }
      ctx.notices.attach(socket, { token, principal: principalOf(request) });
    },
  });
}
