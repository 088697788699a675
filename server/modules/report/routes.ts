import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MSG_NO_PERMISSION, ResultCode } from '../../../src/contracts/envelope';
import { principalOf, SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError, failure } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { reportAccessCode, REPORT_DESIGN_CODE } from './access';
import { reportAdminRoutes } from './admin-routes';
import { sendReportExport } from './export';
import { databaseKindOf } from '../../db/index';
import { reportAccessOfSaved } from './readable';
import { prepareReportRole } from './report-role';
import { runReport } from './run';
import { MSG_REPORT_NOT_FOUND, reportByCode, reportById, type ReportDefinition } from './store';

/**
 * Online reports (jeecg-api.md §4.15): columns, query fields and data of a stored report.
 * Each report has its own code, `report:{code}:list`, checked here once the report is loaded
 * (the id in the path does not say the code); a caller without it (and without 报表配置's
 * `lowcode:report:list`, whose holders preview every report) gets 510. exportXls answers the
 * same rows as a workbook. The definitions' CRUD is in admin-routes.ts.
 */

const BASE = '/online/cgreport/api';
const KEY_PARAMS = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) });
/** Query fields and `self_` parameters are named by the definition: any string values. */
const DATA_QUERY = Type.Record(Type.String(), Type.String({ maxLength: 1000 }));

export { reportAccessCode, REPORT_DESIGN_CODE };

function allowed(request: FastifyRequest, report: ReportDefinition | null): ReportDefinition {
  if (!report) throw failure(MSG_REPORT_NOT_FOUND);
  const { codes } = principalOf(request);
  if (!codes.has(reportAccessCode(report.code)) && !codes.has(REPORT_DESIGN_CODE)) {
    throw new AppError(MSG_NO_PERMISSION, ResultCode.NO_PERMISSION);
  }
  return report;
}

export async function reportRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  if (databaseKindOf(db) === 'postgres') {
    await prepareReportRole(db, (message) => server.log.warn(message));
  }
  await reportAdminRoutes(server, ctx);

  app.get(
    `${BASE}/getRpColumns/:key`,
    { config: { access: SIGNED_IN }, schema: { params: KEY_PARAMS } },
    async (request) => {
      // By code (pickers) or by id (the report menu screen, /online/cgreport/{id}).
      const { key } = request.params;
      const report = allowed(request, (await reportByCode(db, key)) ?? (await reportById(db, key)));
      const shown = report.items.filter((item) => item.show !== false);
      const dictOptions: Record<string, unknown> = {};
      for (const item of shown) {
        if (item.dictCode && !(item.dictCode in dictOptions)) {
          dictOptions[item.dictCode] = await ctx.dicts.getItems(item.dictCode);
        }
      }
      return ok({
        cgRpConfigId: report.id,
        cgRpConfigName: report.name,
        columns: shown.map((item) => ({
          title: item.title,
          dataIndex: item.field,
          align: 'center',
          ...(item.width ? { width: item.width } : {}),
          ...(item.order ? { sorter: true } : {}),
          ...(item.dictCode ? { customRender: item.dictCode } : {}),
        })),
        dictOptions,
      });
    },
  );

  app.get(
    `${BASE}/getQueryInfo/:key`,
    { config: { access: SIGNED_IN }, schema: { params: KEY_PARAMS } },
    async (request) => {
      const report = allowed(request, await reportById(db, request.params.key));
      return ok(
        report.items
          .filter((item) => item.search)
          .map((item) => ({
            field: item.field,
            label: item.title,
            view: item.dictCode ? 'list' : 'text',
            mode: item.search,
            ...(item.dictCode ? { dictCode: item.dictCode } : {}),
          })),
      );
    },
  );

  app.get(
    `${BASE}/getData/:key`,
    { config: { access: SIGNED_IN }, schema: { params: KEY_PARAMS, querystring: DATA_QUERY } },
    async (request) => {
      const report = allowed(request, await reportById(db, request.params.key));
      const access = await reportAccessOfSaved(
        db,
        ctx.pages,
        report.author,
        ctx.config.reportTables,
      );
      return ok(await runReport(db, report, request.query, access));
    },
  );

  app.get(
    `${BASE}/exportXls/:key`,
    { config: { access: SIGNED_IN }, schema: { params: KEY_PARAMS, querystring: DATA_QUERY } },
    async (request, reply) => {
      const report = allowed(request, await reportById(db, request.params.key));
      return sendReportExport(reply, {
        db,
        access: await reportAccessOfSaved(db, ctx.pages, report.author, ctx.config.reportTables),
        dicts: ctx.dicts,
        timeZone: ctx.config.timeZone,
        report,
        query: request.query,
      });
    },
  );
}
