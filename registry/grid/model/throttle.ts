/** One insert per interval (§9: 1500 ms); the clock is injectable for tests. */
export interface Throttle {
  /** True (and the interval starts) when the action may run now; false while throttled. */
  tryAcquire(): boolean;
}

export function createThrottle(intervalMs: number, now: () => number = Date.now): Throttle {
  let last = Number.NEGATIVE_INFINITY;
  return {
    tryAcquire() {
      const t = now();
      if (t - last < intervalMs) return false;
      last = t;
      return true;
    },
  };
}
