import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import { deleteRoutes } from '../../http/delete-routes';
import type { AppContext } from '../../context';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import {
  addJob,
  deleteJobs,
  editJob,
  MSG_PAUSED,
  MSG_STARTED,
  QUARTZ_ADD_BODY,
  QUARTZ_EDIT_BODY,
  setJobStatus,
} from './crud';
import { jobById, listJobLog, listJobs, QUARTZ_DICT_FIELDS, QUARTZ_SCOPE } from './list';
import { RESULT_OK, STATUS_RUNNING, STATUS_STOPPED } from './store';

/**
 * 定时任务 (jeecg-api.md `/sys/quartzJob`): `quartz:list` (the screen) reads jobs and the
 * handler list; `quartz:add|edit|delete|deleteBatch|pause|resume|execute|log` each guard their
 * route. Every change wakes this process's scheduler; others see it within its longest sleep.
 */

const BASE = '/sys/quartzJob';
const dataScope = scoped(QUARTZ_SCOPE);

export const MSG_EXECUTED = '执行成功';
export const msgExecuteFailed = (error: string | null) => `执行失败：${error ?? ''}`;

export async function quartzRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, quartz } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);
  const now = () => quartz.clock.now();

  app.get(
    `${BASE}/list`,
    {
      config: { access: permission('quartz:list'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => {
      const page = await listJobs(db, request.query, rowScope(request), { timeZone });
      return ok(await pageWithDictTexts(page, QUARTZ_DICT_FIELDS, dictionaries));
    },
  );

  app.get(
    `${BASE}/queryById`,
    {
      config: { access: permission('quartz:list'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const row = await jobById(db, parseId(request.query.id), rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.get(
    `${BASE}/handlers`,
    { config: { access: permission('quartz:list'), dataScope: noRowScope('处理器清单') } },
    async () =>
      ok(
        quartz.handlers.list().map(({ key, name, paramsSchema }) => ({ key, name, paramsSchema })),
      ),
  );

  app.post(
    `${BASE}/add`,
    {
      config: { access: permission('quartz:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: QUARTZ_ADD_BODY },
    },
    async (request) => {
      const { username } = principalOf(request);
      const id = await addJob(db, request.body, quartz.handlers, now(), username);
      quartz.scheduler.wake();
      return ok(id, MSG_ADDED);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${BASE}/edit`,
    config: { access: permission('quartz:edit'), dataScope },
    schema: { body: QUARTZ_EDIT_BODY },
    handler: async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      const { username } = principalOf(request);
      await editJob(db, id, request.body, quartz.handlers, now(), username);
      quartz.scheduler.wake();
      return ok(null, MSG_EDITED);
    },
  });

  for (const [verb, status, message] of [
    ['pause', STATUS_STOPPED, MSG_PAUSED],
    ['resume', STATUS_RUNNING, MSG_STARTED],
  ] as const) {
    app.get(
      `${BASE}/${verb}`,
      {
        config: { access: permission(`quartz:${verb}`), dataScope },
        schema: { querystring: ID_QUERY },
      },
      async (request) => {
        const id = await rowScope(request).checkOne(parseId(request.query.id));
        await setJobStatus(db, id, status, now(), principalOf(request).username);
        quartz.scheduler.wake();
        return ok(null, message);
      },
    );
  }

  app.get(
    `${BASE}/execute`,
    {
      config: { access: permission('quartz:execute'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.query.id));
      const job = await db
        .selectFrom('sys_quartz_job')
        .select(['id', 'jobClassName', 'parameter'])
        .where('id', '=', id)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!job) throw failure(MSG_NOT_FOUND);
      const run = await quartz.runNow(job);
      if (run.result !== RESULT_OK) throw failure(msgExecuteFailed(run.error));
      return ok({ result: run.result }, MSG_EXECUTED);
    },
  );

  app.get(
    `${BASE}/log/list`,
    {
      config: { access: permission('quartz:log'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => {
      const raw = request.query.jobId;
      const jobId = await rowScope(request).checkOne(
        parseId(Array.isArray(raw) ? raw[0] : raw, 'jobId'),
      );
      return ok(await listJobLog(db, jobId, request.query, { timeZone }));
    },
  );

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'quartz:delete', batch: 'quartz:deleteBatch' },
    entity: QUARTZ_SCOPE,
    remove: async (ids) => {
      const removed = await deleteJobs(db, ids);
      quartz.scheduler.wake();
      return removed;
    },
  });
}
