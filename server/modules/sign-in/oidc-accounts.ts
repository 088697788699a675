import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../db/unique';
import { newId } from '../../ids';
import type { OidcProviderConfig } from '../../sign-in-config';
import { USERNAME_PATTERN } from '../user/validate';
import type { OidcIdentity } from './oidc-client';

/**
 * Which user a provider's subject is: its link (sys_third_account), else — when the provider
 * allows it — the live user holding the same verified email, else a new user. The link is
 * made on first use, so later sign-ins follow the subject, not the email.
 */

/** `oidc:<name>`, the link's and the grants' provider. */
export const oidcProviderKey = (name: string) => `oidc:${name}`;

export type Mapped =
  | { readonly kind: 'user'; readonly userId: string }
  /** No link, no email match allowed or found, no creation allowed. */
  | { readonly kind: 'unbound' };

/**
 * The link of the subject: the user's id, and whether that user is live (a user in the recycle
 * bin keeps its links, and its subject signs in as nobody else meanwhile).
 */
async function linkOf(
  db: Db,
  provider: string,
  subject: string,
): Promise<{ userId: string; live: boolean } | null> {
  const row = await db
    .selectFrom('sys_third_account as a')
    .innerJoin('sys_user as u', 'u.id', 'a.userId')
    .select(['a.userId', 'u.delFlag'])
    .where('a.provider', '=', provider)
    .where('a.subject', '=', subject)
    .executeTakeFirst();
  return row ? { userId: row.userId, live: row.delFlag === 0 } : null;
}

const mappedOf = (found: { userId: string; live: boolean } | null): Mapped | null =>
  found ? (found.live ? { kind: 'user', userId: found.userId } : { kind: 'unbound' }) : null;

async function userByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db
    .selectFrom('sys_user')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('delFlag', '=', 0)
    .limit(2)
    .execute();
  // Two live users with one address (different case): neither is taken for the other.
  return rows.length === 1 ? rows[0]!.id : null;
}

/** Links the subject; false when a racing callback linked it first (theirs stands). */
async function link(
  db: Db,
  provider: string,
  identity: OidcIdentity,
  userId: string,
): Promise<boolean> {
  const made = await db
    .insertInto('sys_third_account')
    .values({
      id: newId(),
      provider,
      subject: identity.subject,
      userId,
      email: identity.email,
    })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return made !== undefined;
}

/** A username the pattern accepts, from what the provider calls the user. */
export function usernameBase(identity: OidcIdentity): string {
  const wanted = identity.preferredUsername ?? identity.email?.split('@')[0] ?? 'sso';
  let name = wanted.replace(/[^A-Za-z0-9_]/g, '_').replace(/_+/g, '_');
  if (!/^[A-Za-z]/.test(name)) name = `u${name}`;
  name = name.slice(0, 24);
  return name.length >= 3 ? name : `${name}_sso`.slice(0, 24);
}

/** The first free name of `base`, `base_2`, `base_3` … (the recycle bin's names count). */
async function freeUsername(db: Db, base: string): Promise<string> {
  const taken = await db
    .selectFrom('sys_user')
    .select('username')
    .where((eb) => eb.or([eb('username', '=', base), eb('username', 'like', `${base}\\_%`)]))
    .execute();
  const names = new Set(taken.map((row) => row.username));
  if (!names.has(base)) return base;
  for (let n = 2; n < 1000; n++) {
    if (!names.has(`${base}_${n}`)) return `${base}_${n}`;
  }
  return `${base.slice(0, 17)}_${randomBytes(4).toString('hex')}`.slice(0, 30);
}

/** The email a new user may keep: a verified one nobody else holds (emails are unique). */
async function ownEmail(db: Db, identity: OidcIdentity): Promise<string | null> {
  if (!identity.email || !identity.emailVerified) return null;
  const holder = await db
    .selectFrom('sys_user')
    .select('id')
    .where(sql<string>`lower(email)`, '=', identity.email.toLowerCase())
    .executeTakeFirst();
  return holder ? null : identity.email;
}

export class UnknownRoleError extends Error {}

/** Thrown inside the transaction to undo a user whose subject another callback linked. */
class LinkedMeanwhile extends Error {}

/** Makes the user and its link; null when another callback linked the subject meanwhile. */
async function createUser(
  db: Db,
  provider: OidcProviderConfig,
  identity: OidcIdentity,
): Promise<string | null> {
  const key = oidcProviderKey(provider.name);
  const role = await db
    .selectFrom('sys_role')
    .select('id')
    .where('roleCode', '=', provider.defaultRole ?? '')
    .executeTakeFirst();
  if (!role) throw new UnknownRoleError(`OIDC_${provider.name.toUpperCase()}_ROLE names no role`);
  // Nobody knows this password: the account signs in through its provider only.
  const password = await hashPassword(randomBytes(32).toString('base64url'));
  const email = await ownEmail(db, identity);
  const base = usernameBase(identity);
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(db, base);
    if (!new RegExp(USERNAME_PATTERN).test(username))
      throw new Error(`no valid username from ${base}`);
    const id = newId();
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sys_user')
          .values({
            id,
            username,
            realname: identity.name ?? username,
            password,
            email,
            status: 1,
            delFlag: 0,
            createBy: key,
          })
          .execute();
        await tx
          .insertInto('sys_user_role')
          .values({ id: newId(), userId: id, roleId: role.id })
          .execute();
        if (!(await link(tx, key, identity, id))) throw new LinkedMeanwhile();
      });
      return id;
    } catch (error) {
      if (error instanceof LinkedMeanwhile) return null;
      // Another new user took the name (or the email) between the look and the insert.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** The user this identity signs in as, making the link (and the user) when allowed. */
export async function mapIdentity(
  db: Db,
  provider: OidcProviderConfig,
  identity: OidcIdentity,
): Promise<Mapped> {
  const key = oidcProviderKey(provider.name);
  const linked = mappedOf(await linkOf(db, key, identity.subject));
  if (linked) return linked;
  if (provider.matchEmail && identity.email && identity.emailVerified) {
    const userId = await userByEmail(db, identity.email);
    if (userId) {
      if (await link(db, key, identity, userId)) return { kind: 'user', userId };
      return mappedOf(await linkOf(db, key, identity.subject)) ?? { kind: 'unbound' };
    }
  }
  if (provider.createUsers) {
    const userId = await createUser(db, provider, identity);
    if (userId) return { kind: 'user', userId };
    return mappedOf(await linkOf(db, key, identity.subject)) ?? { kind: 'unbound' };
  }
  return { kind: 'unbound' };
}

/** Notes the sign-in on the link. */
export async function touchLink(db: Db, providerKey: string, subject: string): Promise<void> {
  await db
    .updateTable('sys_third_account')
    .set({ lastLoginTime: sql<Date>`now()` })
    .where('provider', '=', providerKey)
    .where('subject', '=', subject)
    .execute();
}
