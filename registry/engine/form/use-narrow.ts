import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 575.98px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * True on phone-wide screens. A media query, not a measurement: Formily's responsive
 * FormLayout reads the container width and re-renders every field once more after mounting.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
