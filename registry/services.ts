import { createContext, useContext } from 'react';
import type { Dictionaries } from '../src/runtime/dictionaries';
import type { Http } from '../src/runtime/http';
import type { TableSync } from '../src/runtime/table-sync';
import type { RendererRegistry } from './registry';

/**
 * What renderers and the editable grid run on, injected by the host (the app shell, a test,
 * the page editor's preview): no globals, so every instance can have its own. The page engine
 * adds its own services on top (`EngineServices`); this rung of the registry ladder knows
 * nothing of the grid or the engine.
 */
export interface RendererServices {
  readonly http: Http;
  readonly dicts: Dictionaries;
  readonly registry: RendererRegistry;
  /** The `has` rule for the signed-in user. */
  readonly can: (code: string) => boolean;
  /**
   * Live table sync (widgets.md §2.12): grids with `socketReload` follow other clients' saves
   * of their page through it (`registry/grid/use-table-sync.ts`). Without it they do not.
   */
  readonly tableSync?: TableSync;
}

export const ServicesContext = createContext<RendererServices | null>(null);

/** The host's services; throws when a renderer or grid is used outside the provider. */
export function useServices(): RendererServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('renderer used outside <ServicesContext.Provider>');
  return services;
}
