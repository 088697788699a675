import { sql } from 'kysely';
import { isUpToDate, type Db } from '../../db/index';
import type { InvalidationBus } from '../../realtime/bus';

/**
 * GET /system/health/live and /system/health/ready: what a load balancer or an orchestrator
 * asks. Live: the process answers. Ready: the database answers, its migrations are done, and
 * Redis answers when it is configured. Each check is bounded, so a stalled database makes
 * ready answer 503 in about a second, never hang; no check tells more than up or down.
 */

/** A check that has not answered in this long is down. */
export const CHECK_TIMEOUT_MS = 1500;

export interface CheckResult {
  readonly ok: boolean;
  /** How long the check took, ms. */
  readonly ms: number;
}

export interface ReadyResult {
  readonly status: 'ready' | 'unavailable';
  readonly database: CheckResult;
  /** Skipped (false) while the database is down. */
  readonly migrations: { readonly ok: boolean };
  /** null: no Redis configured. */
  readonly redis: CheckResult | null;
}

async function timed<T>(check: () => Promise<T>): Promise<{ value: T | null; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS);
  });
  try {
    const value = await Promise.race([check(), late]);
    return { value, ms: Math.round(performance.now() - started) };
  } catch {
    return { value: null, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

export interface Readiness {
  check(): Promise<ReadyResult>;
}

/** `redis`: the bus to ping when REDIS_URL is set, else null. */
export function readiness(db: Db, redis: InvalidationBus | null): Readiness {
  // Migrations never go back: once seen done they are not asked again.
  let migrated = false;
  return {
    async check() {
      const [database, pong] = await Promise.all([
        timed(async () => (await sql<{ one: number }>`select 1 as one`.execute(db)).rows.length),
        redis ? timed(() => redis.ping()) : null,
      ]);
      const dbOk = database.value === 1;
      if (dbOk && !migrated) migrated = (await timed(() => isUpToDate(db))).value === true;
      const redisResult = pong && { ok: pong.value === true, ms: pong.ms };
      const ok = dbOk && migrated && (redisResult?.ok ?? true);
      return {
        status: ok ? 'ready' : 'unavailable',
        database: { ok: dbOk, ms: database.ms },
        migrations: { ok: dbOk && migrated },
        redis: redisResult,
      };
    },
  };
}

/** The refusal's message: the first check that failed, in plain words. */
export function unreadyMessage(result: ReadyResult): string {
  if (!result.database.ok) return '服务未就绪：数据库暂时不可用';
  if (!result.migrations.ok) return '服务未就绪：数据库迁移未完成';
  return '服务未就绪：Redis 暂时不可用';
}
