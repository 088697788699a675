import fs from 'node:fs';
import type { Db } from '../../db/index';
import type { ReferenceCheck } from './references';
import { keepReleased, releasedBefore, takeReleased, takeUnattachedBefore } from './records';
import { resolveStored } from './storage';

/**
 * Removes uploads no record ever referenced, UPLOAD_TEMP_HOURS after they came. Safe with
 * several processes: a row is claimed by the one delete that removes it, and a file already
 * gone is not an error.
 */
export async function cleanUpUnattached(
  db: Db,
  filesDir: string,
  tempHours: number,
  now: () => number = Date.now,
): Promise<number> {
  const before = new Date(now() - tempHours * 3600_000);
  let removed = 0;
  for (;;) {
    const paths = await takeUnattachedBefore(db, before);
    for (const relative of paths) {
      const file = resolveStored(filesDir, relative);
      if (file) await fs.promises.rm(file, { force: true });
      removed++;
    }
    if (paths.length < 500) return removed;
  }
}

/**
 * Removes files released (their record deleted) UPLOAD_TEMP_HOURS ago that no record
 * references any more; a file still referenced elsewhere is kept (its release cleared).
 * Safe with several processes, like `cleanUpUnattached`. Returns how many files were removed.
 */
export async function cleanUpReleased(
  db: Db,
  filesDir: string,
  tempHours: number,
  stillReferenced: ReferenceCheck,
  now: () => number = Date.now,
): Promise<number> {
  const before = new Date(now() - tempHours * 3600_000);
  let removed = 0;
  for (;;) {
    const candidates = await releasedBefore(db, before);
    if (candidates.length === 0) return removed;
    const referenced = await stillReferenced(candidates);
    await keepReleased(db, [...referenced]);
    const taken = await takeReleased(
      db,
      candidates.filter((p) => !referenced.has(p)),
      before,
    );
    for (const relative of taken) {
      const file = resolveStored(filesDir, relative);
      if (file) await fs.promises.rm(file, { force: true });
      removed++;
    }
    if (candidates.length < 500) return removed;
  }
}

/** Runs the clean-up every hour (and once shortly after start); the timer never keeps the process alive. */
export function scheduleCleanup(run: () => Promise<unknown>, onError: (e: unknown) => void) {
  const tick = () => void run().catch(onError);
  const first = setTimeout(tick, 60_000);
  const every = setInterval(tick, 3600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
