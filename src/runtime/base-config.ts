import type { BaseConfig } from '../contracts/config';

/** Shown until the server's base configuration arrives (and when it cannot). */
export const FALLBACK_BASE_CONFIG: BaseConfig = {
  companyName: '',
  productName: 'Schema Admin',
  productSlogan: '',
};

/** Local storage name of a base-configuration key: the key wrapped in double underscores. */
export function baseConfigStorageKey(key: string): string {
  return `__${key}__`;
}

/** The base configuration as last stored locally. */
export function readStoredBaseConfig(storage: Storage): BaseConfig {
  const read = (key: keyof BaseConfig) =>
    storage.getItem(baseConfigStorageKey(key)) ?? FALLBACK_BASE_CONFIG[key];
  return {
    companyName: read('companyName'),
    productName: read('productName'),
    productSlogan: read('productSlogan'),
  };
}

/** Stores every key of a fresh base configuration under its `__key__` name. */
export function storeBaseConfig(storage: Storage, config: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(config)) {
    if (typeof value === 'string') storage.setItem(baseConfigStorageKey(key), value);
  }
}

/** Loads the base configuration once per app (concurrent callers share the call). */
export interface BaseConfigLoader {
  cached(): BaseConfig;
  load(): Promise<BaseConfig>;
}

export function createBaseConfigLoader(
  fetchConfig: () => Promise<{ success: boolean; result: unknown }>,
  storage: Storage,
): BaseConfigLoader {
  let pending: Promise<BaseConfig> | null = null;
  return {
    cached: () => readStoredBaseConfig(storage),
    load() {
      pending ??= fetchConfig()
        .then((envelope) => {
          if (envelope.success && envelope.result && typeof envelope.result === 'object') {
            storeBaseConfig(storage, envelope.result as Record<string, unknown>);
          }
          return readStoredBaseConfig(storage);
        })
        .catch(() => readStoredBaseConfig(storage));
      return pending;
    },
  };
}
