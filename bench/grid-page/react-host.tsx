import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * A React root mounted before the measured render, with a slot the grid is then shown in: a
 * grid opens inside a running app, whose root (and, for the product, its providers) exist
 * already. Both React contenders use it, so neither pays for creating the root in its mount.
 */

let show: ((content: ReactNode) => void) | null = null;

function Host({
  Frame,
  ready,
}: {
  readonly Frame: ComponentType<{ readonly children: ReactNode }>;
  readonly ready: () => void;
}) {
  const [content, setContent] = useState<ReactNode>(null);
  useEffect(() => {
    show = setContent;
    ready();
  }, [ready]);
  return <Frame>{content}</Frame>;
}

/** Mounts the root with `Frame` around an empty slot; resolves once it has painted. */
export function prepareHost(
  container: HTMLElement,
  Frame: ComponentType<{ readonly children: ReactNode }>,
): Promise<void> {
  return new Promise((resolve) => {
    const ready = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    createRoot(container).render(<Host Frame={Frame} ready={ready} />);
  });
}

/** Renders the grid into the prepared slot (the measured render call). */
export function showInHost(content: ReactNode): void {
  if (!show) throw new Error('prepare the host before mounting the grid');
  show(content);
}
