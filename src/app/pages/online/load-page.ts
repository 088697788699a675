import { PageApiPath, type RenderPageResult } from '../../../contracts/page-api';
import type { Http } from '../../../runtime/http';

/** `GET /online/page/{code}`: where the current definition of a stored page is served. */
export function renderPageUrl(code: string): string {
  return PageApiPath.render + encodeURIComponent(code);
}

/**
 * The page engine's `loadPage`: the current definition of a stored page by its code (pages
 * opened by an action's `open.page`). Rejects with the server's message (or the failure's)
 * so the engine can say why in place; nothing is shown by the runtime.
 */
export function storedPageLoader(http: Http): (code: string) => Promise<unknown> {
  return async (code) => {
    const envelope = await http.get<RenderPageResult>(renderPageUrl(code), undefined, {
      silent: true,
    });
    if (!envelope.success || !envelope.result) {
      throw new Error(envelope.message || `页面 ${code} 不存在`);
    }
    return envelope.result.definition;
  };
}
