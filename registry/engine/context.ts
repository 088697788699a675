import { createContext, useContext, type ComponentType } from 'react';
import type { RendererServices } from '../services';

/** What a panel the host registered (`open.panel`) gets when an action opens it. */
export interface PanelProps {
  /** The row of a row action; null for a toolbar action. */
  readonly row: Readonly<Record<string, unknown>> | null;
  /** The action's `open.bind` values taken from the row (`{}` without one). */
  readonly bound: Readonly<Record<string, string>>;
  readonly onClose: () => void;
  /** Ask the list to reload. */
  readonly onChanged: () => void;
}

/**
 * What the page engine runs on, injected by the host (the app shell, a test, the page editor's
 * preview) through `EngineProvider`: the renderers' services, plus what only pages need.
 */
export interface EngineServices extends RendererServices {
  /**
   * The definition (JSON) of a stored page by its code, for actions with `open.page`; rejects
   * with a message when the page cannot be loaded. Without it such actions show an error.
   */
  readonly loadPage?: (code: string) => Promise<unknown>;
  /** Hand-written screens actions may open by name (`open.panel`). Default none. */
  readonly panels?: Readonly<Record<string, ComponentType<PanelProps>>>;
  /**
   * Names of `panels` that bring their own container (a modal dialog, say): an action opens
   * such a panel as it is, without the engine's drawer around it. Default none.
   */
  readonly ownContainerPanels?: ReadonlySet<string>;
}

export const EngineContext = createContext<EngineServices | null>(null);

export function useEngine(): EngineServices {
  const services = useContext(EngineContext);
  if (!services) throw new Error('page engine used outside <EngineProvider>');
  return services;
}
