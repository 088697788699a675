import { createContext, useContext } from 'react';
import type { Dictionaries } from '../../src/runtime/dictionaries';
import type { Http } from '../../src/runtime/http';
import type { RendererRegistry } from '../registry';

/**
 * What the page engine runs on, injected by the host (the app shell, a test, the page editor's
 * preview): no globals, so every instance can have its own.
 */
export interface EngineServices {
  readonly http: Http;
  readonly dicts: Dictionaries;
  readonly registry: RendererRegistry;
  /** The `has` rule for the signed-in user. */
  readonly can: (code: string) => boolean;
}

export const EngineContext = createContext<EngineServices | null>(null);

export function useEngine(): EngineServices {
  const services = useContext(EngineContext);
  if (!services) throw new Error('page engine used outside <EngineContext.Provider>');
  return services;
}
