import { useEffect, useState } from 'react';
import { formatScheduleTime, nextScheduledTimes, validateCron } from '../../src/contracts/quartz';

/** widgets.md §4, §8, §9: ten times, 500 ms after the last change, 无执行时间 when none. */
export const PREVIEW_COUNT = 10;
export const PREVIEW_DEBOUNCE_MS = 500;
export const MSG_NO_TIMES = '无执行时间';
export const PREVIEW_TITLE = '近十次执行时间 (不含年)';

/**
 * The next ten times of a six- or seven-part expression, computed here on the schedule clock
 * (UTC+8, the clock the server's jobs fire on); or its message.
 */
export function localPreview(expression: string, from: Date): string[] | { message: string } {
  const check = validateCron(expression);
  if (!check.valid) return { message: check.message ?? '' };
  return nextScheduledTimes(expression, from, PREVIEW_COUNT).map(formatScheduleTime);
}

type Shown = { times: readonly string[] } | { message: string } | null;

interface CronPreviewProps {
  /** A six- or seven-part expression (a hidden second already padded with `0`). */
  readonly expression: string;
  /** Computes the times elsewhere (the server) instead of here. */
  readonly remote?: (expression: string) => Promise<string[]>;
}

/** The preview box: recomputed 500 ms after the expression last changed. */
export function CronPreview({ expression, remote }: CronPreviewProps) {
  const [shown, setShown] = useState<Shown>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const check = validateCron(expression);
      if (!check.valid) {
        setShown({ message: check.message ?? '' });
      } else if (remote) {
        remote(expression).then(
          (times) => live && setShown({ times }),
          (e: unknown) => live && setShown({ message: e instanceof Error ? e.message : String(e) }),
        );
      } else {
        const read = localPreview(expression, new Date());
        setShown(Array.isArray(read) ? { times: read } : read);
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [expression, remote]);
  return (
    <fieldset className="cron-preview">
      <legend>{PREVIEW_TITLE}</legend>
      {shown === null ? null : 'message' in shown ? (
        <div className="cron-preview-message">{shown.message}</div>
      ) : shown.times.length === 0 ? (
        <div className="cron-preview-message">{MSG_NO_TIMES}</div>
      ) : (
        <ol className="cron-preview-times">
          {shown.times.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
