import { afterThisFrame, paintedWhen, watchKeystrokes } from '../frames';
import { TOOLBAR_ADD, VISIBLE_ROWS, firstCellText } from './data';

/**
 * What the grid bench reads from and calls on `window.__gridBench`. Every check is the same for
 * every contender: it looks only at the text the grid shows (column 0 is unique per row) and at
 * where that text is laid out, never at a contender's own markup.
 *
 * - `mountMs`: render call → the end of the first painted frame in which the toolbar and the
 *   first visible rows are shown: the toolbar's 新增 and the column-0 texts of rows 0 and
 *   `VISIBLE_ROWS - 1` are laid out inside the grid's box with a non-zero size (checked once per frame in requestAnimationFrame; "painted"
 *   is a MessageChannel message posted from that callback, which runs after the frame's paint);
 * - `scroll(steps)`: scrolling without pause: per step, at the end of the painted frame that
 *   showed the previous step's rows, set `scrollTop` of the grid body one step further and time
 *   until the end of the painted frame in which the rows now at the top (first fully visible
 *   + 1 and + `VISIBLE_ROWS - 2`) are laid out inside the body. A grid that keeps up scores one
 *   frame (16.7 ms at 60 Hz); a frame that shows blank or stale rows does not count;
 * - `keystrokes`: keydown (its event time) → the end of the first painted frame in which the
 *   focused input shows a value different from before the key;
 * - `validate()`: the contender's collect-and-validate-every-cell, timed around its promise;
 * - `heapMb()`: `performance.memory.usedJSHeapSize` after two forced GCs (Chromium with
 *   `--enable-precise-memory-info --js-flags=--expose-gc`), in MB.
 */
export interface Contender {
  /** The element whose `scrollTop` scrolls the grid's rows. */
  scroller(): HTMLElement | null;
  /** Collects the values and validates every cell; resolves to the number of failing cells. */
  validate?(): Promise<number>;
}

export interface ScrollResult {
  /** Scroll → painted frame showing the new rows, per step (ms). */
  readonly frames: number[];
  /** Steps whose rows did not show within `MAX_FRAMES` frames (their time is still counted). */
  readonly misses: number;
}

export interface GridBench {
  mountMs: number | null;
  /** Distance between two rows' column-0 texts, measured after mount. */
  rowHeight: number | null;
  keystrokes: number[];
  error: string | null;
  scroll(steps: number): Promise<ScrollResult>;
  /** Back to the first row; resolves after two painted frames. */
  scrollToTop(): Promise<void>;
  /** Viewport point of the middle of a row's column-0 text, for clicking it. */
  cellCenter(row: number): { x: number; y: number } | null;
  validate(): Promise<{ ms: number; errors: number } | null>;
  heapMb(): number | null;
}

interface MemoryInfo {
  readonly usedJSHeapSize: number;
}

declare global {
  interface Window {
    __gridBench: GridBench;
    /** With `--js-flags=--expose-gc`. */
    gc?: () => void;
  }
}

const MAX_FRAMES = 120;

/** Resolves right after the next painted frame. */
function frameEnd(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => afterThisFrame(resolve)));
}

/** A row whose column-0 text is not empty: `r`, or the next one. */
function findable(r: number, rows: number): number {
  let row = Math.min(r, rows - 1);
  while (firstCellText(row) === '' && row > 0) row--;
  return row;
}

/** The elements directly holding each wanted text (first occurrence), by a walk of text nodes. */
function elementsWithText(root: Element, wanted: readonly string[]): Map<string, Element> {
  const found = new Map<string, Element>();
  const set = new Set(wanted);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (set.has(text) && !found.has(text) && node.parentElement) {
      found.set(text, node.parentElement);
      if (found.size === set.size) break;
    }
  }
  return found;
}

/** Whether every row's column-0 text is laid out, non-empty, inside `box`. */
function rowsShownIn(root: Element, rows: readonly number[], box: DOMRect): boolean {
  return textsShownIn(root, rows.map(firstCellText), box);
}

/** Whether every text is laid out, non-empty, inside `box`. */
function textsShownIn(root: Element, texts: readonly string[], box: DOMRect): boolean {
  const found = elementsWithText(root, texts);
  if (found.size < new Set(texts).size) return false;
  for (const element of found.values()) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    if (rect.top < box.top - 1 || rect.bottom > box.bottom + 1) return false;
    if (rect.left < box.left - 1 || rect.right > box.right + 1) return false;
  }
  return true;
}

/**
 * Starts the probe for a grid mounting into `container` now (`start` is the time of the render
 * call) with `rows` rows. `contender` is set once the render call returned.
 */
export function startProbe(
  container: HTMLElement,
  rows: number,
  start: number,
  contender: () => Contender | null,
): void {
  const probe: GridBench = {
    mountMs: null,
    rowHeight: null,
    keystrokes: [],
    error: null,
    scroll,
    scrollToTop,
    cellCenter,
    validate,
    heapMb,
  };
  window.__gridBench = probe;
  const firstTexts = [
    firstCellText(findable(0, rows)),
    firstCellText(findable(VISIBLE_ROWS - 1, rows)),
    TOOLBAR_ADD,
  ];

  void paintedWhen(
    () => textsShownIn(container, firstTexts, container.getBoundingClientRect()),
    MAX_FRAMES,
  ).then(({ at, missed }) => {
    if (missed) {
      probe.error = `the first rows did not show within ${MAX_FRAMES} frames`;
      return;
    }
    performance.mark('grid:painted');
    performance.measure('grid:mount', 'grid:start', 'grid:painted');
    const found = elementsWithText(container, [firstCellText(0), firstCellText(1)]);
    const a = found.get(firstCellText(0))?.getBoundingClientRect();
    const b = found.get(firstCellText(1))?.getBoundingClientRect();
    probe.rowHeight = a && b ? b.top - a.top : null;
    probe.mountMs = at - start;
  });

  async function scroll(steps: number): Promise<ScrollResult> {
    const element = contender()?.scroller();
    const rowHeight = probe.rowHeight;
    if (!element || !rowHeight) throw new Error('no scroller or row height');
    const max = element.scrollHeight - element.clientHeight;
    const step = rowHeight * VISIBLE_ROWS;
    const frames: number[] = [];
    let misses = 0;
    let top = 0;
    let down = true;
    await frameEnd();
    for (let i = 0; i < steps; i++) {
      // Down one viewport of rows at a time; back up from the bottom (small grids).
      if (down && top + step > max) down = false;
      else if (!down && top - step < 0) down = true;
      top = down ? top + step : top - step;
      // Scrolled right after the previous painted frame (scrolling without pause): the time
      // is the frame time while scrolling, one frame (16.7 ms) when the grid keeps up.
      const began = performance.now();
      element.scrollTop = top;
      const first = Math.ceil(element.scrollTop / rowHeight);
      const wanted = [findable(first + 1, rows), findable(first + VISIBLE_ROWS - 2, rows)];
      const { at, missed } = await paintedWhen(
        () => rowsShownIn(container, wanted, element.getBoundingClientRect()),
        MAX_FRAMES,
      );
      frames.push(at - began);
      if (missed) misses++;
    }
    return { frames, misses };
  }

  async function scrollToTop(): Promise<void> {
    const element = contender()?.scroller();
    if (element) element.scrollTop = 0;
    await frameEnd();
    await frameEnd();
  }

  function cellCenter(row: number): { x: number; y: number } | null {
    const element = elementsWithText(container, [firstCellText(row)]).get(firstCellText(row));
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }

  async function validate(): Promise<{ ms: number; errors: number } | null> {
    const run = contender()?.validate;
    if (!run) return null;
    const began = performance.now();
    const errors = await run();
    return { ms: performance.now() - began, errors };
  }

  function heapMb(): number | null {
    window.gc?.();
    window.gc?.();
    const memory = (performance as Performance & { memory?: MemoryInfo }).memory;
    return memory ? memory.usedJSHeapSize / 1024 / 1024 : null;
  }

  watchKeystrokes((ms) => probe.keystrokes.push(ms), MAX_FRAMES);
}
