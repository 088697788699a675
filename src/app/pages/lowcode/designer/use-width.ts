import { useEffect, useState } from 'react';

/**
 * An element's width, followed as it resizes: the designer shares the screen with the preview
 * (a splitter between them), so its layout follows its own width, not the window's. 0 until
 * measured (and where ResizeObserver is missing). Returns the callback ref to put on the
 * element, so an element drawn later is measured too.
 */
export function useWidth(): [(element: HTMLElement | null) => void, number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      // Steps of 50 px: the layout changes at a few widths, not on every pixel of a drag.
      if (entry) setWidth(Math.floor(entry.contentRect.width / 50) * 50);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
