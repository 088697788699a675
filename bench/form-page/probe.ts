import { afterThisFrame, watchKeystrokes } from '../frames';

/**
 * Measurements the bench reads from `window.__bench`, all from the render call (`start`):
 *
 * - `firstRenderMs`: the first painted frame in which every field slot in the viewport has its
 *   control and the form fills the viewport (or is complete) — what a user first sees working;
 * - `allFieldsMs`: the first painted frame in which every field has its control;
 * - `keystrokes`: keydown → the first painted frame showing the input's new value.
 *
 * A field slot is a `.sa-field-control` (the engine's FieldItem, or a bare row); it has its
 * control once it holds an element other than a rule's message (the widget's root: an input,
 * a select, a radio group…). Fields count as slots, not controls: a radio group is one field
 * with three inputs. The checks run once a frame and are cheap (no selector matching per
 * frame; layout is read only until the first render is recorded).
 */
export interface BenchProbe {
  firstRenderMs: number | null;
  allFieldsMs: number | null;
  keystrokes: number[];
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

window.__bench = { firstRenderMs: null, allFieldsMs: null, keystrokes: [] };

const slots = document.getElementsByClassName('sa-field-control');

/** Whether a slot holds its control (an element other than a rule's message). */
function hasControl(slot: Element): boolean {
  const first = slot.firstElementChild;
  return first !== null && !first.classList.contains('sa-field-explain');
}

/** Slots holding their control. */
function readyCount(): number {
  let ready = 0;
  for (const slot of slots) if (hasControl(slot)) ready++;
  return ready;
}

/** Every slot in the viewport has its control, and the slots reach the viewport's bottom. */
function viewportReady(): boolean {
  if (slots.length === 0) return false;
  const height = window.innerHeight;
  let lastBottom = 0;
  for (const slot of slots) {
    const rect = slot.getBoundingClientRect();
    if (rect.top < height && rect.bottom > 0 && !hasControl(slot)) return false;
    lastBottom = Math.max(lastBottom, rect.bottom);
  }
  return lastBottom >= height;
}

/**
 * Records first render and all-fields times. `expected` is the number of fields; a form
 * shorter than the viewport counts as filling it once every field has its control.
 */
export function whenRendered(expected: number, start: number): void {
  const check = () => {
    const all = readyCount() >= expected;
    if (window.__bench.firstRenderMs === null && (all || viewportReady())) {
      afterThisFrame((now) => (window.__bench.firstRenderMs ??= now - start));
    }
    if (all) {
      afterThisFrame((now) => (window.__bench.allFieldsMs = now - start));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Keystroke-to-paint of every key typed into an input, into `__bench.keystrokes`. */
export function watchFormKeystrokes(): void {
  watchKeystrokes((ms) => window.__bench.keystrokes.push(ms), 30);
}
