import { useCallback, useSyncExternalStore } from 'react';

/** True while the viewport is at most `px` wide (a media query, re-read when it changes). */
export function useMaxWidth(px: number): boolean {
  const query = `(max-width: ${px}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * True on phone-wide screens. A media query, not a measurement: Formily's responsive
 * FormLayout reads the container width and re-renders every field once more after mounting.
 */
export function useNarrow(): boolean {
  return useMaxWidth(575.98);
}
