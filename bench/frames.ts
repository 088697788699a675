/**
 * Frame timing shared by the bench pages (in the browser): when a frame has been painted, when
 * a condition first shows on screen, and keystroke-to-paint.
 */

/** Calls back with the time once the frame whose rAF callbacks are running has been painted. */
export function afterThisFrame(done: (now: number) => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => done(performance.now());
  channel.port2.postMessage(null);
}

/**
 * Checks `ready` once per frame; resolves at the end of the painted frame where it held, or
 * after `maxFrames` frames with `missed`.
 */
export function paintedWhen(
  ready: () => boolean,
  maxFrames: number,
): Promise<{ at: number; missed: boolean }> {
  return new Promise((resolve) => {
    let frames = 0;
    const check = () => {
      const ok = ready();
      if (ok || ++frames >= maxFrames) afterThisFrame((at) => resolve({ at, missed: !ok }));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * Records keystroke-to-paint for every key typed into an input: from the key event to the end
 * of the first frame in which the input shows a value different from before the key (so an
 * update deferred past that frame is not counted as painted).
 */
export function watchKeystrokes(record: (ms: number) => void, maxFrames: number): void {
  document.addEventListener(
    'keydown',
    (event) => {
      const began = event.timeStamp;
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
      const before = target.value;
      void paintedWhen(() => target.value !== before, maxFrames).then(({ at }) =>
        record(at - began),
      );
    },
    true,
  );
}
