/**
 * What the browser hands validateLogin, checked before anything is stored or sent: the
 * ticket's shape and the service it was issued for.
 */

/** CAS 3.0 §3.7: a service ticket starts `ST-`; services should take up to 256 characters. */
export const CAS_TICKET_MAX_CHARS = 256;
// The protocol allows A-Z a-z 0-9 and '-'; Apereo's host suffix may add '.', '_' or '~',
// which are still URL-safe and need no escaping anywhere we put a ticket.
const TICKET_PATTERN = /^ST-[A-Za-z0-9._~-]+$/;

export function ticketWellFormed(ticket: string): boolean {
  return ticket.length <= CAS_TICKET_MAX_CHARS && TICKET_PATTERN.test(ticket);
}

/** A service URL as compared: parsed, without the `ticket` parameter CAS appended. */
function comparable(service: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(service);
  } catch {
    return null;
  }
  // Deleting re-serialises the query; both sides go through it, so they stay comparable.
  parsed.searchParams.delete('ticket');
  return parsed.href;
}

/**
 * Whether the service the browser names is this site's configured one. A ticket is only
 * ever validated for the configured service, so a ticket issued to another site (which that
 * site could replay here) is refused.
 */
export function sameService(service: string, configured: string): boolean {
  const mine = comparable(configured);
  return mine !== null && comparable(service) === mine;
}
