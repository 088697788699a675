import { describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_BASE_CONFIG,
  baseConfigStorageKey,
  createBaseConfigLoader,
  readStoredBaseConfig,
} from '../../src/runtime/base-config';
import { MemoryStorage } from './fakes';

describe('base configuration', () => {
  it('stores each key under its name wrapped in double underscores', () => {
    expect(baseConfigStorageKey('companyName')).toBe('__companyName__');
  });

  it('falls back until the server answered', () => {
    expect(readStoredBaseConfig(new MemoryStorage())).toEqual(FALLBACK_BASE_CONFIG);
  });

  it('loads once, stores the string keys and answers the stored copy', async () => {
    const storage = new MemoryStorage();
    const fetchConfig = vi.fn(() =>
      Promise.resolve({
        success: true,
        result: { companyName: '示例公司', productName: '后台', productSlogan: '标语', n: 1 },
      }),
    );
    const loader = createBaseConfigLoader(fetchConfig, storage);
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect(a).toEqual({ companyName: '示例公司', productName: '后台', productSlogan: '标语' });
    expect(b).toEqual(a);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    expect(storage.getItem('__companyName__')).toBe('示例公司');
    expect(storage.getItem('__n__')).toBeNull();
    expect(loader.cached()).toEqual(a);
  });

  it('keeps the stored copy when the call fails or is unsuccessful', async () => {
    const storage = new MemoryStorage();
    storage.setItem('__productName__', '旧名');
    const failing = createBaseConfigLoader(() => Promise.reject(new Error('down')), storage);
    expect((await failing.load()).productName).toBe('旧名');
    const refused = createBaseConfigLoader(
      () => Promise.resolve({ success: false, result: { productName: '新名' } }),
      storage,
    );
    expect((await refused.load()).productName).toBe('旧名');
  });
});
