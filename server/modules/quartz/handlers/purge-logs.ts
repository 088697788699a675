import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import { defineHandler } from './handler';

/** Rows one statement deletes: a year of logs never holds the embedded database's one thread long. */
export const PURGE_BATCH = 5000;

const PARAMS = Type.Object(
  {
    /** Log rows older than this many days go. Default 180. */
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
);

/**
 * 清理过期日志: deletes `sys_log` rows (login and operation logs) older than `days`, in batches
 * of PURGE_BATCH with a turn of the event loop between them, so other calls are served while
 * a large backlog goes.
 */
export const purgeLogs = defineHandler<Static<typeof PARAMS>>({
  key: 'purgeLogs',
  name: '清理过期日志',
  paramsSchema: PARAMS,
  async run(params, { app, now }) {
    const before = new Date(now.getTime() - (params.days ?? 180) * 24 * 3600_000);
    for (;;) {
      const result = await sql`delete from sys_log where id in (
          select id from sys_log where create_time < ${before} limit ${PURGE_BATCH})`.execute(
        app.db,
      );
      if (Number(result.numAffectedRows ?? 0) < PURGE_BATCH) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  },
});
