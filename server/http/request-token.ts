import type { FastifyRequest } from 'fastify';

export const TOKEN_HEADER = 'x-access-token';

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The session token of a request: the `X-Access-Token` header or, on a WebSocket upgrade
 * (a browser cannot set headers there), the first `Sec-WebSocket-Protocol` value, as the
 * reference system's clients send it (`new WebSocket(url, [token])`; the server answers with
 * the same protocol). Never the query string: a URL ends up in access logs.
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = first(request.headers[TOKEN_HEADER]);
  if (header) return header;
  if (first(request.headers.upgrade)?.toLowerCase() !== 'websocket') return undefined;
  const protocols = first(request.headers['sec-websocket-protocol']);
  const token = protocols?.split(',')[0]?.trim();
  return token || undefined;
}
