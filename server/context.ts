import type { ServerConfig } from './config';
import type { Db } from './db/index';
import type { SessionStore } from './auth/sessions';
import type { InvalidationBus } from './realtime/bus';
import type { DictCache } from './modules/dict/cache';
import type { PageCache } from './modules/page/store';
import type { TableSyncHub } from './realtime/table-sync';
import type { NoticeHub } from './realtime/notice-hub';
import type { CertificateAuthority } from './auth/client-certificate';
import type { SecurityKeys } from './http/secure-call';
import type { QuartzService } from './modules/quartz/service';
import type { AppMetrics } from './modules/ops/metrics';

/** What every route module is built from. One per app instance; no globals. */
export interface AppContext {
  readonly config: ServerConfig;
  readonly db: Db;
  readonly sessions: SessionStore;
  readonly bus: InvalidationBus;
  readonly dicts: DictCache;
  readonly pages: PageCache;
  /** Live table sync: `publishTableUpdate` after a committed save (realtime/table-sync.ts). */
  readonly tableSync: TableSyncHub;
  /** Notice sockets: `publish` after a release, revoke or read (realtime/notice-hub.ts). */
  readonly notices: NoticeHub;
  /** Security mode's key pair; null when the mode is off. */
  readonly securityKeys: SecurityKeys | null;
  /** Certificate mode's CA; null when the mode is off. */
  readonly certificates: CertificateAuthority | null;
  /** 定时任务: handlers, clock and scheduler (modules/quartz/service.ts). */
  readonly quartz: QuartzService;
  /** Prometheus metrics of this process (modules/ops/metrics.ts). */
  readonly metrics: AppMetrics;
}
