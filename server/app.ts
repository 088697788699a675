import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ResultCode } from '../src/contracts/envelope';
import type { ServerConfig } from './config';
import type { Db } from './db/index';
import { SessionStore } from './auth/sessions';
import { installAccessControl } from './http/access';
import { installAudit } from './http/audit';
import { fail } from './http/envelope';
import { installErrorHandling } from './http/error-handling';
import { installSecurityHeaders } from './http/security-headers';
import { installSecureCalls, loadSecurityKeys } from './http/secure-call';
import { loadCertificateAuthority } from './auth/client-certificate';
import { installRowScope } from './http/row-scope';
import { installOpenApi } from './http/openapi';
import { openApiRoutes } from './modules/openapi/routes';
import { version } from '../package.json';
import { installSignatureCheck } from './http/sign';
import { installTextGuard } from './http/text-guard';
import { UPLOAD_LIMITS } from './http/upload';
import { createMemoryBus, type InvalidationBus } from './realtime/bus';
import { TableSyncHub } from './realtime/table-sync';
import { onlineRowAllowed } from './modules/online/sync-scope';
import { tableSyncRoutes } from './realtime/table-sync-routes';
import { NoticeHub } from './realtime/notice-hub';
import { noticeSocketRoutes } from './realtime/notice-socket-routes';
import { installWebSocket } from './realtime/websocket';
import { DictCache } from './modules/dict/cache';
import { PageCache } from './modules/page/store';
import type { AppContext } from './context';
import { announcementRoutes } from './modules/announcement/routes';
import { categoryRoutes } from './modules/category/routes';
import { areaRoutes } from './modules/area/routes';
import { checkRoutes } from './modules/check/routes';
import { configRoutes } from './modules/config/routes';
import { departRoutes } from './modules/depart/routes';
import { dictRoutes } from './modules/dict/routes';
import { entityRoutes } from './modules/entity/routes';
import { fileRoutes } from './modules/files/routes';
import { onlineRoutes } from './modules/online/routes';
import { pageRoutes } from './modules/page/routes';
import { permissionRoutes } from './modules/permission/routes';
import { positionRoutes } from './modules/position/routes';
import { quartzRoutes } from './modules/quartz/routes';
import { createQuartz, type QuartzOptions } from './modules/quartz/service';
import { reportRoutes } from './modules/report/routes';
import { roleRoutes } from './modules/role/routes';
import { sessionRoutes } from './modules/session/routes';
import { statsRoutes } from './modules/stats/routes';
import { userRoutes } from './modules/user/routes';
import { installMetrics } from './modules/ops/metrics';
import { opsRoutes } from './modules/ops/routes';
import { onlineUserRoutes } from './modules/online-user/routes';
import { logRoutes } from './modules/log/routes';
import { signInRoutes } from './modules/sign-in/routes';

/** Every API route lives under this prefix (the browser's base URL is origin + /system). */
export const API_PREFIX = '/system';

export interface BuildAppOptions {
  readonly config: ServerConfig;
  readonly db: Db;
  /** Defaults to a single-process bus. */
  readonly bus?: InvalidationBus;
  /** Log through pino at config.logLevel (false in tests). */
  readonly logger?: boolean;
  /** 定时任务: clock, handlers, whether to schedule (tests swap them). */
  readonly quartz?: QuartzOptions;
  /**
   * Names write requests for the operation log (default true). Only the audit benchmark
   * turns it off, to measure what the log costs (bench/operations.ts).
   */
  readonly audit?: boolean;
}

/** Route modules, each registered under the API prefix. */
const MODULES = [
  sessionRoutes,
  permissionRoutes,
  configRoutes,
  dictRoutes,
  userRoutes,
  pageRoutes,
  checkRoutes,
  onlineRoutes,
  fileRoutes,
  announcementRoutes,
  roleRoutes,
  departRoutes,
  positionRoutes,
  quartzRoutes,
  reportRoutes,
  categoryRoutes,
  areaRoutes,
  statsRoutes,
  entityRoutes,
  tableSyncRoutes,
  noticeSocketRoutes,
  openApiRoutes,
  opsRoutes,
  onlineUserRoutes,
  logRoutes,
  signInRoutes,
];

function installStatic(app: FastifyInstance, staticDir: string): void {
  const index = path.join(staticDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ staticDir }, 'no built browser app here; run `npm run build`');
    return;
  }
  app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so it never changes under its name.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** Builds the Fastify app on an open, migrated database. */
export async function buildApp(options: BuildAppOptions): Promise<{
  app: FastifyInstance;
  ctx: AppContext;
}> {
  const { config, db } = options;
  const bus = options.bus ?? createMemoryBus();
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Route config (access, signed) must stay readable on 404s too.
    exposeHeadRoutes: false,
  });
  const sessions = new SessionStore(db, bus, config.sessionTimeoutSeconds);
  const dicts = new DictCache(db, bus);
  const pages = new PageCache(db, bus);
  // Configuration that refuses to start (a missing CA) fails before any hub starts its timers.
  const securityKeys = loadSecurityKeys(config);
  const certificates = loadCertificateAuthority(config);
  const tableSync = new TableSyncHub({
    bus,
    resolvePrincipal: (token) => sessions.resolve(token),
    log: app.log,
    allows: onlineRowAllowed({ db, pages, config }),
  });
  const notices = new NoticeHub({
    bus,
    resolvePrincipal: (token) => sessions.resolve(token),
    log: app.log,
  });
  const metrics = installMetrics(app, {
    db,
    sockets: () => ({ notice: notices.socketCount(), 'table-sync': tableSync.socketCount() }),
  });
  const ctx: AppContext = {
    config,
    db,
    sessions,
    bus,
    dicts,
    pages,
    tableSync,
    notices,
    securityKeys,
    certificates,
    // Reads the context lazily: it holds this service.
    quartz: createQuartz(app, () => ctx, options.quartz),
    metrics,
  };

  installErrorHandling(app, API_PREFIX, config.staticDir);
  installSecurityHeaders(app, API_PREFIX);
  // First of the preValidation hooks: the others see the decrypted body.
  installSecureCalls(app, { apiPrefix: API_PREFIX, keys: securityKeys });
  // Before access control's and the signature check's preValidation hooks: they read the input.
  installTextGuard(app);
  installAccessControl(app, {
    apiPrefix: API_PREFIX,
    resolvePrincipal: (token) => sessions.resolve(token),
  });
  installSignatureCheck(app, config.timeZone);
  // Before the routes: it wraps each write route's handler as it is registered.
  if (options.audit !== false) installAudit(app, API_PREFIX);
  installRowScope(app, { db: db.withoutPlugins(), timeZone: config.timeZone });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({
      ...fail('请求过于频繁，请稍后再试', ResultCode.TOO_MANY_REQUESTS),
      statusCode: 429,
    }),
  });

  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await installWebSocket(app);
  // Before the routes: it hears each one as it is registered.
  await installOpenApi(app, API_PREFIX, version);

  await app.register(
    async (api) => {
      for (const module of MODULES) await module(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  if (config.staticDir) installStatic(app, config.staticDir);

  app.addHook('onClose', async () => {
    sessions.close();
    dicts.close();
    pages.close();
    tableSync.close();
    notices.close();
  });
  return { app, ctx };
}
