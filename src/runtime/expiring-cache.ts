/**
 * Values in Web Storage with an optional expiry (the "local cache with expiry" of shell.md §9).
 * Each entry is stored as `{"value": …, "expire": epochMs | null}` under `prefix + key`;
 * reading an expired entry removes it and answers null.
 */
export interface ExpiringCache {
  set(key: string, value: unknown, ttlMs?: number | null): void;
  get<T>(key: string): T | null;
  /** Expiry of an entry in epoch ms; null when absent or without expiry. */
  expiresAt(key: string): number | null;
  remove(key: string): void;
}

interface Entry {
  readonly value: unknown;
  readonly expire: number | null;
}

function parse(raw: string | null): Entry | null {
  if (raw === null) return null;
  try {
    const entry = JSON.parse(raw) as Partial<Entry> | null;
    if (!entry || typeof entry !== 'object' || !('value' in entry)) return null;
    return { value: entry.value, expire: typeof entry.expire === 'number' ? entry.expire : null };
  } catch {
    return null;
  }
}

export function createExpiringCache(
  storage: Storage,
  prefix = 'pro__',
  now: () => number = Date.now,
): ExpiringCache {
  const read = (key: string): Entry | null => {
    const entry = parse(storage.getItem(prefix + key));
    if (!entry) return null;
    if (entry.expire !== null && entry.expire <= now()) {
      storage.removeItem(prefix + key);
      return null;
    }
    return entry;
  };
  return {
    set(key, value, ttlMs = null) {
      const entry: Entry = { value, expire: ttlMs == null ? null : now() + ttlMs };
      storage.setItem(prefix + key, JSON.stringify(entry));
    },
    get<T>(key: string): T | null {
      return (read(key)?.value as T | undefined) ?? null;
    },
    expiresAt(key) {
      return read(key)?.expire ?? null;
    },
    remove(key) {
      storage.removeItem(prefix + key);
    },
  };
}
