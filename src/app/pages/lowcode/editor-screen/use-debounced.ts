import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after it last changed; while `immediate`, the value itself
 * (it is adopted in the same render, so a later change waits from there, not from an older
 * value).
 */
export function useDebounced<T>(value: T, delayMs: number, immediate = false): T {
  const [settled, setSettled] = useState(value);
  // Adjusting state while rendering (React's pattern for state derived from props).
  if (immediate && !Object.is(settled, value)) setSettled(value);
  useEffect(() => {
    if (immediate) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, immediate]);
  return immediate ? value : settled;
}
