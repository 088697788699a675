import type { AxiosAdapter } from 'axios';
import type { EngineServices } from '../../registry/engine';
import { createRegistry } from '../../registry/registry';
import { registerBuiltinRenderers } from '../../renderers';
import { createSessionApi } from '../../src/runtime/api';
import { createDictionaries } from '../../src/runtime/dictionaries';
import { createExpiringCache } from '../../src/runtime/expiring-cache';
import { createHttp } from '../../src/runtime/http';
import { silentPresenter } from '../../src/runtime/presenter';
import { createSessionStore } from '../../src/runtime/session';

/** Answers every call with an empty success: the bench measures rendering, not a server. */
const benchAdapter: AxiosAdapter = async (config) => ({
  data: { success: true, code: 200, message: '操作成功！', result: [], timestamp: Date.now() },
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});

/** The engine's services for the bench page: real runtime and registry, no network. */
export function benchServices(): EngineServices {
  const cache = createExpiringCache(window.localStorage);
  const http = createHttp({
    baseURL: `${window.location.origin}/system`,
    session: createSessionStore(cache),
    presenter: silentPresenter,
    onSessionEnded: () => undefined,
    adapter: benchAdapter,
  });
  const registry = createRegistry();
  registerBuiltinRenderers(registry);
  return {
    http,
    dicts: createDictionaries(createSessionApi(http), cache),
    registry,
    can: () => true,
  };
}
