/**
 * Measurements the bench reads from `window.__bench`: first render (render call → the frame
 * after every field's control is in the page) and keystroke-to-paint (an input event's
 * timestamp → the frame after it was handled).
 */
export interface BenchProbe {
  firstRenderMs: number | null;
  keystrokes: number[];
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

window.__bench = { firstRenderMs: null, keystrokes: [] };

/** Resolves after the next frame has been painted. */
function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  });
}

function controls(): number {
  return document.querySelectorAll(
    '.sa-field-control input, .sa-field-control textarea, .sa-field-control button, .sa-field-control .ant-select, input[aria-label="bare"]',
  ).length;
}

/** Records the first render once `expected` controls are in the page and painted. */
export function whenRendered(expected: number, start: number): void {
  const check = () => {
    if (controls() >= expected) {
      void afterPaint().then((now) => {
        window.__bench.firstRenderMs = now - start;
      });
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
}

/** Records keystroke-to-paint for every key typed into an input. */
export function watchKeystrokes(): void {
  document.addEventListener(
    'keydown',
    (event) => {
      const began = event.timeStamp;
      void afterPaint().then((now) => window.__bench.keystrokes.push(now - began));
    },
    true,
  );
}
