import type { ReactNode } from 'react';
import { ServicesContext } from '../services';
import { EngineContext, type EngineServices } from './context';

/** Gives pages (and the renderers and grids they draw) the host's services. */
export function EngineProvider({
  services,
  children,
}: {
  readonly services: EngineServices;
  readonly children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <EngineContext.Provider value={services}>{children}</EngineContext.Provider>
    </ServicesContext.Provider>
  );
}
