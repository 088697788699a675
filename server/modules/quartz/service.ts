import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { realClock, type SchedulerClock } from './clock';
import { syncHandlerDict } from './handler-dict';
import { BUILTIN_HANDLERS, type JobHandler } from './handlers/index';
import { HandlerRegistry } from './registry';
import { runJob, type RunDeps } from './runner';
import { QuartzScheduler } from './scheduler';
import { TRIGGER_MANUAL, type JobToRun, type RunRecord } from './store';

export interface QuartzOptions {
  /** Default: the real clock. */
  readonly clock?: SchedulerClock;
  /** Default: the built-in handlers. */
  readonly handlers?: readonly JobHandler[];
  /** Default true; false builds the routes but never fires a job on a schedule. */
  readonly schedule?: boolean;
}

/** 定时任务 of one app: its handlers, clock and scheduler. */
export interface QuartzService {
  readonly handlers: HandlerRegistry;
  readonly clock: SchedulerClock;
  readonly scheduler: QuartzScheduler;
  /** 立即执行: runs a job once now, logged as 手动. */
  runNow(job: JobToRun): Promise<RunRecord>;
}

/** `http://127.0.0.1:{port}` while the app listens on a TCP port, else null. */
function selfOriginOf(app: FastifyInstance): () => string | null {
  return () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
  };
}

/**
 * Makes the service; the scheduler starts when the app is ready (after the handler
 * dictionary is written) and stops on close, waiting for runs in flight. `contextOf` answers
 * the app's context, which holds this service (so it is read only once a run starts).
 */
export function createQuartz(
  app: FastifyInstance,
  contextOf: () => AppContext,
  options: QuartzOptions = {},
): QuartzService {
  const clock = options.clock ?? realClock;
  const handlers = new HandlerRegistry(options.handlers ?? BUILTIN_HANDLERS);
  const deps: RunDeps = {
    get app() {
      return contextOf();
    },
    clock,
    handlers,
    selfOrigin: selfOriginOf(app),
  };
  const scheduler = new QuartzScheduler(deps, {
    error: (details, message) => app.log.error(details, message),
  });

  app.addHook('onReady', async () => {
    const { db, bus } = contextOf();
    await syncHandlerDict(db, bus, handlers.list());
    if (options.schedule !== false) scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
  });
  return {
    handlers,
    clock,
    scheduler,
    runNow: (job) => runJob(deps, job, clock.now(), TRIGGER_MANUAL),
  };
}
