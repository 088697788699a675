import type { ServerConfig } from './config';
import type { Db } from './db/index';
import type { SessionStore } from './auth/sessions';
import type { InvalidationBus } from './realtime/bus';
import type { DictCache } from './modules/dict/cache';
import type { PageCache } from './modules/page/store';

/** What every route module is built from. One per app instance; no globals. */
export interface AppContext {
  readonly config: ServerConfig;
  readonly db: Db;
  readonly sessions: SessionStore;
  readonly bus: InvalidationBus;
  readonly dicts: DictCache;
  readonly pages: PageCache;
}
