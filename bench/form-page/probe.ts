import { afterThisFrame, paintedWhen, watchKeystrokes } from '../frames';

/**
 * Measurements the bench reads from `window.__bench`, the same checks for both forms (each
 * form says where its field slots and messages are, `FormMarkup`):
 *
 * - `firstViewportMs`: render call → the end of the first painted frame in which every field
 *   slot in the viewport has its control and the slots reach the viewport's bottom (or every
 *   field has its control) — what a user first sees working;
 * - `allInteractiveMs`: render call → the end of the first painted frame in which every field
 *   has its control;
 * - `keystrokes`: keydown → the end of the first painted frame showing the input's new value;
 * - `validateMs`: the click on 提交 (its event time) → the end of the first painted frame in
 *   which `expectedErrors` error messages are in the form (the bench sets it: every field is
 *   required and empty, less the fields it typed into); `validateErrors`: how many there were.
 *
 * A field slot has its control once it holds an element other than a rule's message (the
 * widget's root: an input, a select, a radio group…). Fields count as slots, not controls: a
 * radio group is one field with three inputs. The checks run once a frame and are cheap (live
 * collections, no selector matching per frame; layout is read only until the first viewport
 * is recorded).
 */
export interface BenchProbe {
  firstViewportMs: number | null;
  allInteractiveMs: number | null;
  keystrokes: number[];
  expectedErrors: number | null;
  validateMs: number | null;
  validateErrors: number | null;
  error: string | null;
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

/** Where a form's field slots and error messages are. */
export interface FormMarkup {
  /** Class of the element holding a field's control (one per field). */
  readonly slotClass: string;
  /** Class of an error message shown under a field. */
  readonly errorClass: string;
  /** Whether a slot holds its control. */
  hasControl(slot: Element): boolean;
}

/** The engine's FieldFrame: `.sa-field-control` holds the control, then its message. */
export const ENGINE_MARKUP: FormMarkup = {
  slotClass: 'sa-field-control',
  errorClass: 'sa-field-explain',
  hasControl: (slot) => {
    const first = slot.firstElementChild;
    return first !== null && !first.classList.contains('sa-field-explain');
  },
};

/** antd's Form.Item: the control sits in `.ant-form-item-control-input-content`. */
export const ANTD_MARKUP: FormMarkup = {
  slotClass: 'ant-form-item-control-input-content',
  errorClass: 'ant-form-item-explain-error',
  hasControl: (slot) => slot.firstElementChild !== null,
};

const SUBMIT_TEXT = '提交';
/** Frames to wait for validation messages (10 s at 60 Hz). */
const VALIDATE_FRAMES = 600;

window.__bench = {
  firstViewportMs: null,
  allInteractiveMs: null,
  keystrokes: [],
  expectedErrors: null,
  validateMs: null,
  validateErrors: null,
  error: null,
};

/**
 * Records the first-viewport and all-interactive times of a form rendered at `start` with
 * `expected` fields (a form shorter than the viewport fills it once every field has its
 * control), then the validate-all time of a click on 提交.
 */
export function watchForm(markup: FormMarkup, expected: number, start: number): void {
  const slots = document.getElementsByClassName(markup.slotClass);
  const errors = document.getElementsByClassName(markup.errorClass);
  const readyCount = () => {
    let ready = 0;
    for (const slot of slots) if (markup.hasControl(slot)) ready++;
    return ready;
  };
  const viewportReady = () => {
    if (slots.length === 0) return false;
    const height = window.innerHeight;
    let lastBottom = 0;
    for (const slot of slots) {
      const rect = slot.getBoundingClientRect();
      if (rect.top < height && rect.bottom > 0 && !markup.hasControl(slot)) return false;
      lastBottom = Math.max(lastBottom, rect.bottom);
    }
    return lastBottom >= height;
  };
  const check = () => {
    const all = slots.length >= expected && readyCount() >= expected;
    if (window.__bench.firstViewportMs === null && (all || viewportReady())) {
      afterThisFrame((now) => (window.__bench.firstViewportMs ??= now - start));
    }
    if (all) {
      afterThisFrame((now) => (window.__bench.allInteractiveMs = now - start));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);

  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.replace(/\s/g, '') !== SUBMIT_TEXT) return;
      const began = event.timeStamp;
      const wanted = window.__bench.expectedErrors ?? expected;
      void paintedWhen(() => errors.length >= wanted, VALIDATE_FRAMES).then(({ at, missed }) => {
        window.__bench.validateErrors = errors.length;
        if (missed) window.__bench.error = `${errors.length} of ${wanted} messages after 提交`;
        else window.__bench.validateMs = at - began;
      });
    },
    true,
  );
}

/** Keystroke-to-paint of every key typed into an input, into `__bench.keystrokes`. */
export function watchFormKeystrokes(): void {
  watchKeystrokes((ms) => window.__bench.keystrokes.push(ms), 30);
}
