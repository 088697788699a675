import { purgeExpiredLoginFailures } from './auth/login-lockout';
import { purgeSmsCodes } from './modules/sign-in/sms-codes';
import { purgeSsoGrants } from './modules/sign-in/sso-grants';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/index';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';
import { missingSignInRoles } from './modules/sign-in/startup-checks';
import { loadBuiltinPages } from './modules/page/builtin';
import { createMemoryBus, createRedisBus } from './realtime/bus';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** SIGTERM: requests in flight get this long to finish; then the process ends regardless. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the server: database, migrations, first-run seed, HTTP. */
async function main(): Promise<void> {
  const started = performance.now();
  const phases: string[] = [];
  let lap = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${Math.round(now - lap)}`);
    lap = now;
  };
  const config = loadConfig();
  // Before the app (and its logger) exists, connection losses go to the console; they are
  // never fatal: calls answer 503 meanwhile and the pool reconnects (server/db/postgres.ts).
  const warn = (message: string, err?: unknown) =>
    console.warn(`${new Date().toISOString()} ${message}${err ? `: ${errorText(err)}` : ''}`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
    onConnectionError: (err) => warn('database connection lost', err),
  });
  phase('database');
  await migrateToLatest(database.db);
  phase('migrations');
  const seed = await seedIfEmpty(database.db, {
    production: config.production,
    adminPassword: config.adminPassword,
  });
  phase('seed');
  const roleProblems = await missingSignInRoles(database.db, config.signIn);
  if (roleProblems.length > 0) throw new Error(roleProblems.join('\n'));
  const pages = await loadBuiltinPages(database.db);
  phase('pages');
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl, warn) : createMemoryBus();
  const { app, ctx } = await buildApp({ config, db: database.db, bus });

  if (seed.generatedAdminPassword) {
    // Shown once, on the first start of a production database; it is stored only as a hash.
    console.log(
      `\n  First start: admin password is  ${seed.generatedAdminPassword}\n` +
        '  It is not shown again. Sign in and change it.\n',
    );
  }

  if (pages.updated.length > 0) {
    app.log.info({ pages: pages.updated }, 'built-in pages updated to their shipped files');
  }

  const purge = setInterval(() => {
    ctx.sessions.purgeExpired().catch((err: unknown) => app.log.error({ err }, 'session purge'));
    purgeExpiredLoginFailures(ctx.db).catch((err: unknown) =>
      app.log.error({ err }, 'login failure purge'),
    );
    purgeSmsCodes(ctx.db).catch((err: unknown) => app.log.error({ err }, 'SMS code purge'));
    purgeSsoGrants(ctx.db).catch((err: unknown) => app.log.error({ err }, 'SSO grant purge'));
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    const late = setTimeout(() => {
      app.log.warn(`shutdown: still busy after ${SHUTDOWN_GRACE_MS} ms, exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    late.unref();
    // Fastify stops accepting (new calls answer 503), lets the calls in flight finish, closes
    // idle keep-alive connections; the sockets are told to reconnect (1012); the scheduler
    // stops after its runs in flight. Then Redis and the database pool.
    await app.close();
    await bus.close();
    await database.close();
    clearTimeout(late);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  phase('http');
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    `schema-admin listening on ${address} · database: ${where}` +
      `${seed.seeded ? ' (new, seeded)' : ''} · ready in ${Math.round(performance.now() - started)} ms` +
      ` (${phases.join(', ')})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
