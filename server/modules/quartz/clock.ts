/**
 * The scheduler's time: what it reads as now and how it sleeps. Injected so tests drive it
 * with a fake clock; the real one never keeps the process alive.
 */
export interface SchedulerClock {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: SchedulerClock = {
  now: () => new Date(),
  setTimeout(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};
