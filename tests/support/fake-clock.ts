import type { SchedulerClock } from '../../server/modules/quartz/clock';

interface Timer {
  readonly at: number;
  readonly run: () => void;
}

/**
 * A clock the test moves by hand (the scheduler's injectable clock): `advanceTo` walks time
 * forward, firing each timer on the way in order and letting the app settle after each.
 */
export class FakeClock implements SchedulerClock {
  private at: number;
  private readonly timers = new Map<number, Timer>();
  private next = 0;

  constructor(start: Date) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.set(id, { at: this.at + Math.max(0, ms), run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves the clock without firing anything (time passing while no app runs). */
  set(to: Date): void {
    this.at = to.getTime();
  }

  /** Timers waiting, for "the scheduler left nothing behind" checks. */
  get pending(): number {
    return this.timers.size;
  }

  /**
   * Walks to `target`: every timer due by then fires at its own instant (all timers of one
   * instant together), then `settle` waits for what they started.
   */
  async advanceTo(target: Date, settle: () => Promise<void>): Promise<void> {
    const end = target.getTime();
    // A tick in flight arms its timer when it ends: let it, before looking at the timers.
    await settle();
    for (let guard = 0; guard < 10_000; guard++) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end);
      if (due.length === 0) break;
      const first = Math.min(...due.map(([, t]) => t.at));
      this.at = Math.max(this.at, first);
      for (const [id, timer] of due.filter(([, t]) => t.at === first)) {
        this.timers.delete(id);
        timer.run();
      }
      await settle();
    }
    this.at = Math.max(this.at, end);
  }
}
