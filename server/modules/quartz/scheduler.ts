import type { RunDeps } from './runner';
import { runJob } from './runner';
import {
  armUnscheduled,
  claimFiring,
  dueJobs,
  earliestFireTime,
  nextFireAfter,
  TRIGGER_SCHEDULE,
  type DueJob,
} from './store';

/** The longest sleep: edits made by another process are seen within this. */
export const MAX_SLEEP_MS = 30_000;

/** After a failed tick the next waits at least this long. */
const RETRY_AFTER_ERROR_MS = 5_000;

export interface SchedulerLog {
  error(details: object, message: string): void;
}

/**
 * Fires running jobs when their `next_fire_time` comes. A tick finds the due jobs, claims each
 * firing with a compare-and-set on the fire time (so with several processes on one database
 * each firing runs once), starts the claimed runs without waiting for them (a slow job holds up
 * no other), then sleeps until the earliest fire time (at most MAX_SLEEP_MS). A claim moves the
 * fire time to the first one after now: firings missed while no process ran (a restart) fire
 * once, then the schedule goes on from now (Quartz's smart misfire policy for cron).
 */
export class QuartzScheduler {
  private timer: unknown = null;
  private stopped = true;
  private ticking: Promise<void> | null = null;
  private again = false;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: RunDeps,
    private readonly log: SchedulerLog,
  ) {}

  /** Starts ticking (a first tick now). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Stops ticking; waits for the tick and the runs in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.whenIdle();
  }

  /** Ticks now (a job was added, edited, paused or resumed here). */
  wake(): void {
    if (this.stopped) return;
    this.clearTimer();
    if (this.ticking) {
      this.again = true;
      return;
    }
    const tick = this.tick().finally(() => {
      this.ticking = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
    this.ticking = tick;
  }

  /** Resolves once no tick and no run is in flight (tests wait on it after moving the clock). */
  async whenIdle(): Promise<void> {
    while (this.ticking || this.running.size > 0) {
      await Promise.allSettled([this.ticking, ...this.running]);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    const { db } = this.deps.app;
    try {
      const now = this.deps.clock.now();
      await armUnscheduled(db, now);
      for (const job of await dueJobs(db, now)) {
        if (this.stopped) return;
        await this.fire(job, now);
      }
    } catch (err) {
      this.log.error({ err }, 'quartz tick');
      // The database may be away: do not spin on a fire time that cannot be claimed.
      return this.sleep(RETRY_AFTER_ERROR_MS);
    }
    await this.sleep(0);
  }

  private async fire(job: DueJob, now: Date): Promise<void> {
    const next = nextFireAfter(job.cronExpression, now);
    if (!(await claimFiring(this.deps.app.db, job, next))) return;
    const run = runJob(this.deps, job, job.nextFireTime, TRIGGER_SCHEDULE)
      .catch((err: unknown) => this.log.error({ err, jobId: job.id }, 'quartz run log'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async sleep(atLeastMs: number): Promise<void> {
    if (this.stopped) return;
    let delay = MAX_SLEEP_MS;
    try {
      const earliest = await earliestFireTime(this.deps.app.db);
      if (earliest) {
        delay = Math.min(delay, Math.max(0, earliest.getTime() - this.deps.clock.now().getTime()));
      }
    } catch (err) {
      this.log.error({ err }, 'quartz sleep');
    }
    if (this.stopped) return;
    delay = Math.max(delay, atLeastMs);
    this.clearTimer();
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delay);
  }
}
