import { isQueryCanceled } from './bounded';
import { EmbeddedUnavailableError } from './embedded/client';

/** What a caller is told while the database does not answer (HTTP 503). */
export const MSG_DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后再试';
/** What a caller is told when a user-shaped query ran out of its time (server/db/bounded.ts). */
export const MSG_QUERY_TIMEOUT = '查询超时，请缩小查询条件后重试';

/** Socket-level failures of a PostgreSQL connection (node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when the error says the database is gone, not that the statement was wrong: a refused
 * or dropped connection, PostgreSQL shutting down or starting (SQLSTATE class 08, 57P01–57P03),
 * the pool's connect timeout, or the embedded database's worker not answering.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof EmbeddedUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08')) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}

export { isQueryCanceled };
