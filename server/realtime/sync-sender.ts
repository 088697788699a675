import type { FastifyRequest } from 'fastify';
import { SYNC_CLIENT_HEADER, isSyncId } from '../../src/contracts/table-sync';

const HEADER = SYNC_CLIENT_HEADER.toLowerCase();

/**
 * The client id a grid sent with its save (`X-Sync-Client`), for `publishTableUpdate`'s
 * `senderId`; undefined when absent or not a safe id (letters, digits, `_`, `-`, at most 64).
 */
export function syncSenderOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return isSyncId(value) ? value : undefined;
}
