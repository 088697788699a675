import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * Short-lived single-sign-on state (sys_sso_grant): an OIDC flow (state → nonce, PKCE
 * verifier, redirect), the one-time login token a callback hands the browser, a CAS ticket
 * seen. Rows are keyed by the SHA-256 of their secret, so the table never holds a secret
 * that works; each is taken once, atomically, and only before it expires.
 */

export type GrantKind = 'flow' | 'token' | 'ticket';

/** SHA-256 hex of a secret (the grant key, the browser binding). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** 32 random bytes, base64url (43 characters): state, tokens, browser bindings. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface NewGrant {
  readonly secret: string;
  readonly kind: GrantKind;
  readonly provider: string;
  readonly browserHash: string | null;
  readonly userId?: string | null;
  readonly data?: unknown;
  readonly ttlSeconds: number;
}

export async function putGrant(db: Db, grant: NewGrant): Promise<void> {
  await db
    .insertInto('sys_sso_grant')
    .values({
      idHash: sha256Hex(grant.secret),
      kind: grant.kind,
      provider: grant.provider,
      browserHash: grant.browserHash,
      userId: grant.userId ?? null,
      data: grant.data === undefined ? null : JSON.stringify(grant.data),
      // The database's clock decides expiry, as it does when the grant is taken.
      expiresAt: sql<Date>`now() + make_interval(secs => ${grant.ttlSeconds})`,
    })
    .execute();
}

export interface TakenGrant {
  readonly provider: string;
  readonly browserHash: string | null;
  readonly userId: string | null;
  readonly data: unknown;
}

export interface GrantQuery {
  readonly secret: string;
  readonly kind: GrantKind;
  readonly provider: string;
  /** Only a grant bound to this browser (its hash) is taken; another browser leaves it be. */
  readonly browserHash?: string;
}

/**
 * Marks the grant used and returns it, if it is unused, unexpired and matches; one statement,
 * so two requests racing for the same secret cannot both have it.
 */
export async function takeGrant(db: Db, query: GrantQuery): Promise<TakenGrant | undefined> {
  let update = db
    .updateTable('sys_sso_grant')
    .set({ usedAt: sql<Date>`now()` })
    .where('idHash', '=', sha256Hex(query.secret))
    .where('kind', '=', query.kind)
    .where('provider', '=', query.provider)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`);
  if (query.browserHash !== undefined) update = update.where('browserHash', '=', query.browserHash);
  return update.returning(['provider', 'browserHash', 'userId', 'data']).executeTakeFirst();
}

/** Deletes expired grants (used ones go with them); returns how many. Run on a schedule. */
export async function purgeSsoGrants(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('sys_sso_grant')
    .where('expiresAt', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
