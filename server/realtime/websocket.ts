import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/**
 * Largest message a client may send on any socket: clients only send heartbeats. A larger one
 * closes the socket (1009).
 */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * Close code of the sockets a stopping server closes (1012 "service restart"): the browser
 * reconnects, and reaches another process or this one started again.
 */
export const CLOSE_SERVICE_RESTART = 1012;

/**
 * Registers @fastify/websocket once for the whole app (before the routes, whose upgrade it
 * handles). The upgrade runs the normal request pipeline first, so access control, schema
 * validation and error answers apply to sockets as to any route. The first
 * `Sec-WebSocket-Protocol` the client offers (the token, see `http/request-token.ts`) is the
 * one answered, so the browser accepts the connection.
 */
export async function installWebSocket(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // On close (SIGTERM): every socket is told to reconnect, then the socket server stops.
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) client.close(CLOSE_SERVICE_RESTART, 'server restart');
      server.close(() => done());
    },
    // A client can provoke socket errors (an oversized frame): log them briefly, not as faults.
    errorHandler(error, socket, request) {
      request.log.info({ reason: error.message }, 'websocket error; connection dropped');
      socket.terminate();
    },
  });
  // An upgrade answered over HTTP (refused: 401, 400, …) must not leave its socket open: Node
  // no longer watches an upgrade's socket, and the plugin's own clean-up is skipped when an
  // earlier onRequest hook (access control) answered. A socket that was upgraded never
  // reaches onResponse (its reply is hijacked).
  app.addHook('onResponse', async (request) => {
    if (request.raw.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket.destroy();
  });
}
