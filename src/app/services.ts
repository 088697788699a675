import { createContext, useContext } from 'react';
import type { AxiosAdapter } from 'axios';
import type { RendererRegistry } from '../../registry/registry';
import { createSessionApi, type SessionApi } from '../runtime/api';
import { createBaseConfigLoader, type BaseConfigLoader } from '../runtime/base-config';
import { createCertificateStore, type CertificateStore } from '../runtime/client-certificate';
import { API_PATH } from '../runtime/constants';
import { createDictionaries, type Dictionaries } from '../runtime/dictionaries';
import { createExpiringCache, type ExpiringCache } from '../runtime/expiring-cache';
import { createHttp, type Http } from '../runtime/http';
import type { Presenter } from '../runtime/presenter';
import { createSecureChannel } from '../runtime/secure-call';
import { createSessionStore, type SessionStore } from '../runtime/session';
import { createTableSync, type TableSync } from '../runtime/table-sync';

/** The runtime services one app instance runs on; tests build their own. */
export interface Services {
  readonly cache: ExpiringCache;
  readonly session: SessionStore;
  readonly http: Http;
  readonly api: SessionApi;
  /** Certificate mode: the certificate this browser uploaded. */
  readonly certificate: CertificateStore;
  readonly dicts: Dictionaries;
  readonly baseConfig: BaseConfigLoader;
  /** Origin + /system. */
  readonly baseURL: string;
  /** Live table sync of this tab (one socket per page with open synced grids). */
  readonly tableSync: TableSync;
  /**
   * This app's renderer registry (built-in field types), made on first call: its code (ajv,
   * renderers) loads with the first page-engine screen, not with the login page.
   */
  readonly loadRegistry: () => Promise<RendererRegistry>;
}

export interface ServicesOptions {
  readonly storage: Storage;
  readonly origin: string;
  readonly presenter: Presenter;
  readonly onSessionEnded: () => void;
  /** Test seam: answer requests without a network (see runtime/http.ts). */
  readonly adapter?: AxiosAdapter;
}

export function createServices(options: ServicesOptions): Services {
  const cache = createExpiringCache(options.storage);
  const session = createSessionStore(cache);
  const baseURL = options.origin + API_PATH;
  // Security mode asks the verify call (itself not encrypted) before the first safe call.
  const secure = createSecureChannel({
    probe: async () => {
      const answer = await api.securityVerify();
      return answer.success ? answer.result : null;
    },
  });
  const http = createHttp({
    baseURL,
    session,
    presenter: options.presenter,
    onSessionEnded: options.onSessionEnded,
    secure,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const api = createSessionApi(http);
  let registry: Promise<RendererRegistry> | null = null;
  const loadRegistry = () =>
    (registry ??= import('./page-registry')
      .then((m) => m.createAppRegistry())
      .catch((error: unknown) => {
        registry = null; // a failed chunk load may be retried
        throw error;
      }));
  return {
    cache,
    session,
    http,
    api,
    certificate: createCertificateStore(cache),
    dicts: createDictionaries(api, cache),
    baseConfig: createBaseConfigLoader(api.baseConfig, options.storage),
    baseURL,
    tableSync: createTableSync({ baseURL, session }),
    loadRegistry,
  };
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}
