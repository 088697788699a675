import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { ResultCode } from '../../src/contracts/envelope';
import { SYNC_ID_PATTERN, TABLE_SYNC_PATH } from '../../src/contracts/table-sync';
import type { AppContext } from '../context';
import { SIGNED_IN, principalOf } from '../http/access';
import { fail } from '../http/envelope';
import { requestToken } from '../http/request-token';
import { typed } from '../http/typed';

const SOCKET_PARAMS = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 64 }),
  pageId: Type.String({ pattern: SYNC_ID_PATTERN.source }),
});

/**
 * `GET /vxeSocket/{userId}/{pageId}` (WebSocket): the live table sync of a page's grids.
 * The upgrade meets access control like any route: the token (`Sec-WebSocket-Protocol` from a
 * browser) must resolve, else the answer is HTTP 401 and no socket opens. The socket belongs to
 * the token's user; the path's userId is informative only (a mismatch is logged).
 */
export async function tableSyncRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(server).route({
    method: 'GET',
    url: `${TABLE_SYNC_PATH}/:userId/:pageId`,
    schema: { params: SOCKET_PARAMS },
    config: { access: SIGNED_IN },
    // A plain GET (no upgrade) gets an envelope saying what to do instead.
    handler: async (_request, reply) =>
      reply.code(426).send(fail('请使用 WebSocket 连接', ResultCode.BAD_REQUEST)),
    wsHandler(socket, request) {
      const principal = principalOf(request);
      const token = requestToken(request);
      if (!token) {
        socket.close(1008, 'no token');
        return;
      }
      const { userId, pageId } = request.params;
      if (userId !== principal.userId) {
        request.log.info(
          { pathUserId: userId, userId: principal.userId },
          'vxeSocket path names another user; bound to the token user',
        );
      }
      ctx.tableSync.attach(socket, { pageId, token, principal });
    },
  });
}
