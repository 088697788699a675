import { vi } from 'vitest';

/** A MediaQueryList that answers `matches` and ignores listeners (happy-dom has none). */
export function mediaList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/**
 * Makes `matchMedia` answer as a screen `px` wide does for `max-width` queries (restore with
 * `vi.restoreAllMocks()`).
 */
export function screenWidth(px: number): void {
  const fits = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return max !== null && px <= Number(max[1]);
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaList(query, fits(query)),
  );
}
