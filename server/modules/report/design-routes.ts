import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { reportAccessOf } from './readable';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { noRowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { reportColumns } from './columns';
import { runReport } from './run';
import { REPORT_ITEM, REPORT_PARAM } from './schemas';
import { ReportSqlError } from './sql-check';
import { validateReport, type ReportDefinition } from './store';

/**
 * 报表配置's designer calls on a draft that is not saved: 解析SQL (the result columns of the
 * SQL) and 预览 (a page of the draft's rows). Both go through the same check and the same
 * read-only run as a saved report; holders of `lowcode:report:add` or `lowcode:report:edit`.
 */

const BASE = '/online/cgreport/head';
const DESIGN = {
  access: permission('lowcode:report:add', 'lowcode:report:edit'),
  dataScope: noRowScope('报表草稿'),
};
const SQL = Type.String({ minLength: 1, maxLength: 20_000 });
/** Query fields and `self_` parameter values, as getData takes them. */
const QUERY = Type.Record(Type.String(), Type.String({ maxLength: 1000 }));
const PARSE_BODY = Type.Object({
  sql: SQL,
  params: Type.Optional(Type.Array(REPORT_PARAM, { maxItems: 50 })),
  query: Type.Optional(QUERY),
});
const PREVIEW_BODY = Type.Object({
  definition: Type.Object({
    sql: SQL,
    items: Type.Optional(Type.Array(REPORT_ITEM, { maxItems: 200 })),
    params: Type.Optional(Type.Array(REPORT_PARAM, { maxItems: 50 })),
  }),
  query: Type.Optional(QUERY),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

/** The draft's code is not checked here: it is not saved. */
const DRAFT_CODE = 'draft';

function checkFailure(error: unknown): never {
  if (error instanceof ReportSqlError) throw failure(error.message);
  throw error;
}

export async function reportDesignRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;

  app.post(
    `${BASE}/parseSql`,
    { config: DESIGN, schema: { body: PARSE_BODY } },
    async (request) => {
      const { sql, params = [], query = {} } = request.body;
      const access = await reportAccessOf(ctx.pages, principalOf(request), ctx.config.reportTables);
      return ok(await reportColumns(db, sql, params, access, query));
    },
  );

  app.post(
    `${BASE}/preview`,
    { config: DESIGN, schema: { body: PREVIEW_BODY } },
    async (request) => {
      const { definition, query = {}, pageNo = 1, pageSize = 10 } = request.body;
      const draft: ReportDefinition = {
        id: '',
        code: DRAFT_CODE,
        name: '',
        sql: definition.sql,
        items: definition.items ?? [],
        params: definition.params ?? [],
        version: 0,
      };
      const access = await reportAccessOf(ctx.pages, principalOf(request), ctx.config.reportTables);
      await validateReport(draft, access).catch(checkFailure);
      return ok(
        await runReport(
          db,
          draft,
          { ...query, pageNo: String(pageNo), pageSize: String(pageSize) },
          access,
        ),
      );
    },
  );
}
