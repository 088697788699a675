import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index';
import type { Principal } from '../http/access';
import type { InvalidationBus } from '../realtime/bus';
import { loadUserCodes } from './codes';
import { loadUserDataRules } from './data-rules';
import { sourceAt, writeLoginEvents } from './login-log';

/** SHA-256 hex of a token: what the database keeps and what caches are keyed by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface NewSession {
  readonly token: string;
  readonly tokenHash: string;
  readonly expiresAt: Date;
}

export interface SessionMeta {
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly tenantId: number;
  readonly responsePublicKey: string | null;
  /** `password` (default), `phone`, `oidc:<name>`, `cas`. */
  readonly loginMethod?: string;
}

interface CacheEntry {
  readonly principal: Principal;
  readonly cachedAt: number;
  /** When this process last wrote the session's `last_seen_at` (0: never). */
  touchedAt: number;
}

/** What `revokeById` did: ended someone's session (whose), found none, or found the caller's. */
export type RevokeByIdOutcome =
  | { readonly kind: 'ended'; readonly userId: string; readonly username: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'own' };

/** Expired sessions one purge statement removes (each writes a 登录日志 row). */
const PURGE_BATCH = 500;

/** A session's `last_seen_at` (在线用户) moves at most this often: one write a minute at most. */
export const LAST_SEEN_INTERVAL_MS = 60 * 1000;

/**
 * A cached principal is re-read after this long even without an invalidation event: the
 * safety net should an event ever be lost (events normally arrive within milliseconds).
 */
const CACHE_MAX_AGE_MS = 60 * 1000;
const CACHE_MAX_ENTRIES = 20_000;

/**
 * Opaque, server-side sessions. The token is 32 random bytes (base64url) handed to the
 * browser once; the database keeps only its hash. Resolving a token costs one database round
 * trip the first time and none afterwards: principals are cached by token hash and dropped on
 * logout, user changes and permission changes (delivered by the invalidation bus).
 */
export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
    private readonly timeoutSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.kind === 'session') this.cache.delete(event.tokenHash);
      else if (event.kind === 'user') this.dropUser(event.userId);
      else if (event.kind === 'permissions' || event.kind === 'all') this.cache.clear();
    });
  }

  async create(userId: string, meta: SessionMeta): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const expiresAt = new Date(this.now() + this.timeoutSeconds * 1000);
    await this.db
      .insertInto('sys_session')
      .values({
        tokenHash,
        userId,
        tenantId: meta.tenantId,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        responsePublicKey: meta.responsePublicKey,
        loginMethod: meta.loginMethod ?? 'password',
      })
      .execute();
    return { token, tokenHash, expiresAt };
  }

  /** The principal of a live session, or null (unknown, expired, revoked, user frozen). */
  async resolve(token: string): Promise<Principal | null> {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = this.now();
    const cached = this.cache.get(tokenHash);
    if (cached && now - cached.cachedAt < CACHE_MAX_AGE_MS) {
      if (cached.principal.expiresAt > now) {
        this.touch(cached, now);
        return cached.principal;
      }
      this.cache.delete(tokenHash);
      return null;
    }
    const principal = await this.load(tokenHash);
    if (!principal || principal.expiresAt <= now) return null;
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    const entry: CacheEntry = { principal, cachedAt: now, touchedAt: cached?.touchedAt ?? 0 };
    this.cache.set(tokenHash, entry);
    this.touch(entry, now);
    return principal;
  }

  /** Moves the session's last call time, at most once a minute, off the request's path. */
  private touch(entry: CacheEntry, now: number): void {
    if (now - entry.touchedAt < LAST_SEEN_INTERVAL_MS) return;
    entry.touchedAt = now;
    this.db
      .updateTable('sys_session')
      .set({ lastSeenAt: new Date(now) })
      .where('tokenHash', '=', entry.principal.tokenHash)
      .execute()
      .catch(() => {
        // The database away (or the app closing): the next minute's call tries again.
        entry.touchedAt = 0;
      });
  }

  private async load(tokenHash: string): Promise<Principal | null> {
    const row = await this.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.userId')
      .select([
        's.userId',
        's.expiresAt',
        's.responsePublicKey',
        'u.username',
        'u.realname',
        'u.orgCode',
        'u.relTenantIds',
      ])
      .where('s.tokenHash', '=', tokenHash)
      .where('u.status', '=', 1)
      .where('u.delFlag', '=', 0)
      .executeTakeFirst();
    if (!row) return null;
    const [codes, dataRules, departs] = await Promise.all([
      loadUserCodes(this.db, row.userId),
      loadUserDataRules(this.db, row.userId),
      this.db
        .selectFrom('sys_depart as d')
        .innerJoin('sys_user_depart as ud', 'ud.depId', 'd.id')
        .select('d.orgCode')
        .where('ud.userId', '=', row.userId)
        .where('d.delFlag', '=', '0')
        .execute(),
    ]);
    const tenantIds = row.relTenantIds
      ? row.relTenantIds
          .split(',')
          .filter(Boolean)
          .map(Number)
          .filter((n) => Number.isInteger(n))
      : null;
    return {
      tokenHash,
      userId: row.userId,
      username: row.username,
      realname: row.realname,
      orgCode: row.orgCode,
      tenantIds: tenantIds && tenantIds.length > 0 ? tenantIds : null,
      codes,
      orgCodes: departs.map((d) => d.orgCode),
      dataRules,
      expiresAt: row.expiresAt.getTime(),
      responsePublicKey: row.responsePublicKey,
    };
  }

  /**
   * Ends the session named by its 在线用户 id everywhere, and says whose it was; `missing`
   * when there is none (ended meanwhile). The caller's own session (`exceptTokenHash`) is never
   * ended this way.
   */
  async revokeById(id: string, exceptTokenHash: string): Promise<RevokeByIdOutcome> {
    const row = await this.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.userId')
      .select(['s.tokenHash', 's.userId', 'u.username'])
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row) return { kind: 'missing' };
    if (row.tokenHash === exceptTokenHash) return { kind: 'own' };
    if (!(await this.revoke(row.tokenHash))) return { kind: 'missing' };
    return { kind: 'ended', userId: row.userId, username: row.username };
  }

  /**
   * Ends one session everywhere and says how it had signed in; null when there was no such
   * session (ended meanwhile).
   */
  async revoke(tokenHash: string): Promise<{ readonly loginMethod: string | null } | null> {
    const ended = await this.db
      .deleteFrom('sys_session')
      .where('tokenHash', '=', tokenHash)
      .returning('loginMethod')
      .executeTakeFirst();
    await this.bus.publish({ kind: 'session', tokenHash });
    return ended ?? null;
  }

  /** Ends every session of a user, except optionally one (the caller's own). */
  async revokeUser(userId: string, keepTokenHash?: string): Promise<void> {
    let query = this.db.deleteFrom('sys_session').where('userId', '=', userId);
    if (keepTokenHash) query = query.where('tokenHash', '<>', keepTokenHash);
    await query.execute();
    await this.bus.publish({ kind: 'user', userId });
  }

  /**
   * Removes expired rows, each with its 登录日志 `expired` row (dated when the session
   * expired) in the same transaction: a session is logged as expired once, by the process
   * whose delete took it. A session found expired on a call is only refused (`resolve`); its
   * row goes here. Called now and then, never on a request's path. Returns how many went.
   */
  async purgeExpired(): Promise<number> {
    const now = new Date(this.now());
    let removed = 0;
    for (;;) {
      const batch = await this.db.transaction().execute(async (tx) => {
        const gone = await tx
          .deleteFrom('sys_session')
          .where('tokenHash', 'in', (eb) =>
            eb
              .selectFrom('sys_session')
              .select('tokenHash')
              .where('expiresAt', '<=', now)
              .limit(PURGE_BATCH),
          )
          .returning(['userId', 'ip', 'expiresAt'])
          .execute();
        if (gone.length === 0) return 0;
        const users = await tx
          .selectFrom('sys_user')
          .select(['id', 'username'])
          .where('id', 'in', [...new Set(gone.map((g) => g.userId))])
          .execute();
        const names = new Map(users.map((u) => [u.id, u.username]));
        await writeLoginEvents(
          tx,
          gone.map((g) => ({
            event: 'expired' as const,
            userId: g.userId,
            username: names.get(g.userId) ?? '',
            source: sourceAt(g.ip),
            at: g.expiresAt,
          })),
        );
        return gone.length;
      });
      removed += batch;
      if (batch < PURGE_BATCH) return removed;
    }
  }

  close(): void {
    this.unsubscribe();
    this.cache.clear();
  }

  private dropUser(userId: string): void {
    for (const [key, entry] of this.cache) {
      if (entry.principal.userId === userId) this.cache.delete(key);
    }
  }
}
