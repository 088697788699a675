import { useCallback, useEffect, useState } from 'react';
import { ResultCode } from '../../../contracts/envelope';
import type { RenderPageResult } from '../../../contracts/page-api';
import { HttpError } from '../../../runtime/http';
import { onPageChange } from '../../../runtime/page-changes';
import { useServices } from '../../services';
import { renderPageUrl } from './load-page';

export type DefinitionLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly version: number; readonly definition: unknown }
  | { readonly state: 'missing' }
  | { readonly state: 'failed'; readonly message: string };

/**
 * `GET /online/page/{code}`: the current definition of a page, with a retry. A save of the page
 * in the editor or designer (page-changes.ts) reads it again; the old definition stays drawn
 * until the new one arrives.
 */
export function usePageDefinition(code: string | null): DefinitionLoad & { retry(): void } {
  const { http } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ key: string; value: DefinitionLoad } | null>(null);
  const [revision, setRevision] = useState(0);
  const key = `${code}:${attempt}`;

  useEffect(
    () =>
      onPageChange((changed) => {
        if (changed === code) setRevision((n) => n + 1);
      }),
    [code],
  );

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
    // `revision` reads the definition again under the same key: the old one stays drawn.
  }, [http, code, key, revision]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (code === null) return { state: 'missing', retry };
  const value = load && load.key === key ? load.value : ({ state: 'loading' } as const);
  return { ...value, retry };
}
