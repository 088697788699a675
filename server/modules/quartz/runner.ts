import type { AppContext } from '../../context';
import type { SchedulerClock } from './clock';
import type { HandlerRegistry } from './registry';
import {
  RESULT_FAILED,
  RESULT_OK,
  writeRunLog,
  type JobToRun,
  type RunRecord,
  type RunTrigger,
} from './store';

/** What a run needs besides the job. */
export interface RunDeps {
  readonly app: AppContext;
  readonly clock: SchedulerClock;
  readonly handlers: HandlerRegistry;
  readonly selfOrigin: () => string | null;
}

/** The message of whatever a handler threw. */
function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : '任务执行失败';
}

/**
 * Runs a job once and logs it: the handler with its checked parameters; a throw (or unknown
 * handler, bad parameters) is a 失败 row with its message. Never throws itself, except when
 * the log cannot be written.
 */
export async function runJob(
  deps: RunDeps,
  job: JobToRun,
  fireTime: Date,
  trigger: RunTrigger,
): Promise<RunRecord> {
  const startTime = deps.clock.now();
  let error: string | null = null;
  try {
    const params = deps.handlers.parse(job.jobClassName, job.parameter);
    const handler = deps.handlers.find(job.jobClassName)!;
    await handler.run(params, { app: deps.app, now: startTime, selfOrigin: deps.selfOrigin });
  } catch (thrown) {
    error = messageOf(thrown);
  }
  const record: RunRecord = {
    jobId: job.id,
    fireTime,
    startTime,
    endTime: deps.clock.now(),
    result: error === null ? RESULT_OK : RESULT_FAILED,
    error,
    trigger,
  };
  await writeRunLog(deps.app.db, record);
  deps.app.metrics.jobRun(error === null ? 'ok' : 'failed', trigger);
  return record;
}
