import { createContext, type ComponentType } from 'react';

/** What a page opened by an action (`open.page`) is rendered with. */
export interface NestedPageProps {
  /** The definition as `loadPage` gave it; checked like any page. */
  readonly definition: unknown;
  /** The row values the action binds into the page (`open.bind`). */
  readonly bound: Readonly<Record<string, string>>;
}

/**
 * `PageView` itself, handed down by `PageView`: a page inside a list's drawer renders through
 * the engine's one entry without the list importing it (which would be an import cycle).
 */
export const NestedPageContext = createContext<ComponentType<NestedPageProps> | null>(null);
