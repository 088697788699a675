import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page chunk that has not loaded after this long is reported as failed (shell.md §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MSG_CHUNK_LOAD_FAILED = '页面加载失败，请检查网络后刷新重试';

/** React.lazy with the chunk-load timeout. */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(MSG_CHUNK_LOAD_FAILED)), timeoutMs),
      ),
    ]),
  );
}
