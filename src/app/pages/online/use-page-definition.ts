import { useCallback, useEffect, useState } from 'react';
import { ResultCode } from '../../../contracts/envelope';
import type { RenderPageResult } from '../../../contracts/page-api';
import { HttpError } from '../../../runtime/http';
import { useServices } from '../../services';
import { renderPageUrl } from './load-page';

export type DefinitionLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly version: number; readonly definition: unknown }
  | { readonly state: 'missing' }
  | { readonly state: 'failed'; readonly message: string };

/** `GET /online/page/{code}`: the current definition of a page, with a retry. */
export function usePageDefinition(code: string | null): DefinitionLoad & { retry(): void } {
  const { http } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ key: string; value: DefinitionLoad } | null>(null);
  const key = `${code}:${attempt}`;

  useEffect(() => {
    if (code === null) return;
    let live = true;
    const settle = (value: DefinitionLoad) => {
      if (live) setLoad({ key, value });
    };
    http.get<RenderPageResult>(renderPageUrl(code), undefined, { silent: true }).then(
      (envelope) => {
        if (envelope.success && envelope.result) {
          settle({ state: 'ready', ...envelope.result });
        } else if (envelope.code === ResultCode.NOT_FOUND) {
          settle({ state: 'missing' });
        } else {
          settle({ state: 'failed', message: envelope.message || '页面加载失败' });
        }
      },
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 404) settle({ state: 'missing' });
        else
          settle({
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [http, code, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (code === null) return { state: 'missing', retry };
  const value = load && load.key === key ? load.value : ({ state: 'loading' } as const);
  return { ...value, retry };
}
