import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGN_WINDOW_MS, signatureBase } from '../../src/contracts/sign';
import { AppError } from './errors';
import { wallTimeToEpoch } from './time';

export const MSG_SIGN_FAILED = 'Sign签名校验失败！';
export const MSG_TIMESTAMP_EXPIRED = '签名验证失败:X-TIMESTAMP已过期';
export const MSG_TIMESTAMP_INVALID = '签名验证失败:X-TIMESTAMP格式错误';

/** Parses X-TIMESTAMP: epoch milliseconds, or `yyyyMMddHHmmss` in the server's zone. */
export function parseSignTimestamp(raw: string, timeZone: string): number | null {
  if (/^\d{13}$/.test(raw)) return Number(raw);
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!m) return null;
  const fields = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return wallTimeToEpoch(fields, timeZone);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function lastPathSegment(url: string): string {
  const path = url.split('?')[0] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Throws the reference system's messages when a signed call's signature or time is wrong. */
export function verifySignature(request: FastifyRequest, timeZone: string, now: number): void {
  const sign = header(request, 'x-sign');
  const stamp = header(request, 'x-timestamp');
  if (!sign) throw new AppError(MSG_SIGN_FAILED);
  if (!stamp) throw new AppError(MSG_TIMESTAMP_INVALID);
  const at = parseSignTimestamp(stamp, timeZone);
  if (at === null) throw new AppError(MSG_TIMESTAMP_INVALID);
  if (Math.abs(now - at) > SIGN_WINDOW_MS) throw new AppError(MSG_TIMESTAMP_EXPIRED);
  const base = signatureBase({
    query: (request.query ?? {}) as Record<string, unknown>,
    body: request.method === 'GET' ? undefined : request.body,
    lastPathSegment: lastPathSegment(request.url),
  });
  const expected = createHash('md5').update(base, 'utf8').digest('hex').toUpperCase();
  if (sign.toUpperCase() !== expected) throw new AppError(MSG_SIGN_FAILED);
}

/** Checks signatures on every route whose config says `signed: true`. */
export function installSignatureCheck(app: FastifyInstance, timeZone: string): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.signed) verifySignature(request, timeZone, Date.now());
  });
}
