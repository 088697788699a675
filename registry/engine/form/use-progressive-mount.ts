import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  type RefObject,
} from 'react';

/** Forms with at most this many fields mount every row at once. */
export const MOUNT_AT_ONCE = 30;
/** Rows mounted per idle slice after the first paint. */
export const MOUNT_CHUNK = 60;

type Cancel = () => void;

/** Runs `task` when the browser is idle (soon, in any case), in a later task. */
function whenIdle(task: () => void): Cancel {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request.call(window, task, { timeout: 100 });
    return () => cancel.call(window, handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

/**
 * How many rows start inside the viewport: the index (`data-slot`) of the first row whose top
 * is below it, else every row.
 */
function rowsInViewport(container: HTMLElement | null, total: number): number {
  if (!container) return 0;
  const bottom = window.innerHeight;
  for (const slot of container.querySelectorAll<HTMLElement>('[data-slot]')) {
    if (slot.getBoundingClientRect().top >= bottom) return Number(slot.dataset.slot);
  }
  return total;
}

/**
 * How many rows of a long form have their control mounted, counted from the first: none in
 * the first (cheap) render of the rows, then before the first paint every row in the
 * viewport, then the rest a slice at a time while the browser is idle (transitions: typing
 * interrupts them). `mountAll` mounts the rest at once (validation messages must show).
 * The rows are found in `container` by their `data-slot` attribute.
 */
export function useProgressiveMount(
  total: number,
  container: RefObject<HTMLElement | null>,
): { readonly mounted: number; readonly mountAll: () => void } {
  const [mounted, setMounted] = useState(() => (total <= MOUNT_AT_ONCE ? total : 0));

  useLayoutEffect(() => {
    if (mounted !== 0 || total === 0) return;
    setMounted(Math.min(total, Math.max(1, rowsInViewport(container.current, total))));
  }, [mounted, total, container]);

  useEffect(() => {
    if (mounted === 0 || mounted >= total) return;
    return whenIdle(() =>
      startTransition(() => setMounted((m) => Math.min(total, m + MOUNT_CHUNK))),
    );
  }, [mounted, total]);

  const mountAll = useCallback(() => setMounted(total), [total]);
  return { mounted, mountAll };
}
