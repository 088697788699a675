import { useEffect, useRef } from 'react';

/**
 * widgets.md §2.1: when from, includeFrom, level or multiple change (`key`), the held value is
 * emptied (the levels load again through the same key). Nothing happens on the first render,
 * nor when the value is already empty.
 */
export function useResetOnChange(key: string, empty: boolean, reset: () => void): void {
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (!empty) reset();
    // Only a change of `key` resets; `empty` and `reset` are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
