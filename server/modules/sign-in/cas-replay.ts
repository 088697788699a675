import { createHash } from 'node:crypto';
import type { Db } from '../../db/index';

/** How long a seen ticket is remembered; CAS tickets live seconds, so a day is ample. */
const TICKET_MEMORY_MS = 24 * 60 * 60 * 1000;

function ticketHash(ticket: string): string {
  // A prefix keeps ticket hashes apart from the other grants' secrets in the same key space.
  return createHash('sha256').update(`cas-ticket:${ticket}`, 'utf8').digest('hex');
}

/**
 * Records the ticket as seen; false when it was seen before (a replay). Called before the
 * CAS server is asked, so of two racing requests with one ticket the database lets exactly
 * one through, whatever the CAS server would say.
 */
export async function claimTicket(db: Db, ticket: string): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .insertInto('sys_sso_grant')
    .values({
      idHash: ticketHash(ticket),
      kind: 'ticket',
      provider: 'cas',
      browserHash: null,
      userId: null,
      data: null,
      expiresAt: new Date(now + TICKET_MEMORY_MS),
      usedAt: new Date(now),
    })
    .onConflict((oc) => oc.column('idHash').doNothing())
    .returning('idHash')
    .executeTakeFirst();
  return row !== undefined;
}
