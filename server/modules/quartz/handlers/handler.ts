import type { TSchema } from 'typebox';
import type { AppContext } from '../../../context';

/**
 * A job handler: what a 定时任务 runs. Handlers are registered in server code only; the browser
 * names one by its key and gives parameters the handler's schema checks (no code, no SQL).
 */

/** What a run gets besides its parameters. */
export interface JobRunContext {
  readonly app: AppContext;
  /** The scheduler's clock reading when the run started. */
  readonly now: Date;
  /** `http://127.0.0.1:{port}` of this server while it listens; null before. */
  readonly selfOrigin: () => string | null;
}

export interface JobHandler<P = unknown> {
  /** Stored in `job_class_name`; letters, digits and `_`. */
  readonly key: string;
  /** Shown in the form's select (the `quartz_handler` dictionary). */
  readonly name: string;
  /** JSON schema of the parameters (an object); `{}` is checked when none are given. */
  readonly paramsSchema: TSchema;
  /** Runs once; a throw is the run's failure and its message goes to the log. */
  run(params: P, ctx: JobRunContext): Promise<void>;
}

/** Erases a handler's parameter type for the registry (the schema check stands in for it). */
export function defineHandler<P>(handler: JobHandler<P>): JobHandler {
  return handler as JobHandler;
}
