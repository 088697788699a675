import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { reportAccessOf } from './readable';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  ID_SCHEMA,
  MSG_ADDED,
  MSG_DELETED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
} from '../../http/request-schemas';
import { noRowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { reportDesignRoutes } from './design-routes';
import { reportMenuRoutes } from './menu-routes';
import { reportVersionRoutes } from './version-routes';
import { REPORT_INPUT } from './schemas';
import { ReportSqlError } from './sql-check';
import {
  addReport,
  deleteReport,
  editReport,
  listReports,
  reportById,
  type ReportInput,
} from './store';

/**
 * 报表配置's calls (jeecg-api.md §4.15, onl_cgreport_head): list, read, add, edit, delete of
 * report definitions, codes `lowcode:report:list|add|edit|delete`. Add and edit run the
 * read-only check of the SQL and refuse with its reason; each save is kept as a version
 * (`versions`, `queryVersion`).
 */

const BASE = '/online/cgreport/head';
export const MSG_REPORT_CODE_TAKEN = '报表编码已存在';
export const MSG_REPORT_STALE = '报表已被他人修改，请刷新后重试';

/** Report definitions are not rows of 页面配置's pages: its data rules do not apply. */
const dataScope = noRowScope('报表定义');
/** What this version changes, in the author's words (kept in the version history). */
const NOTE = Type.Optional(Type.String({ maxLength: 500 }));
const ADD_BODY = Type.Object({ ...REPORT_INPUT, note: NOTE });
const EDIT_BODY = Type.Object({
  id: ID_SCHEMA,
  /** The version the editor loaded; a newer one in the database refuses the save. */
  version: Type.Integer({ minimum: 1 }),
  ...REPORT_INPUT,
  note: NOTE,
});
const LIST_QUERY = Type.Object({
  pageNo: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  pageSize: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
  code: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

/** The check's reason or the taken code, as a business failure; anything else rethrown. */
function saveFailure(error: unknown): never {
  if (error instanceof ReportSqlError) throw failure(error.message);
  if (isUniqueViolation(error)) throw failure(MSG_REPORT_CODE_TAKEN);
  throw error;
}

function inputOf(body: ReportInput): ReportInput {
  const { code, name, sql, items, params } = body;
  return { code: code.trim(), name: name.trim(), sql, items, params };
}

export async function reportAdminRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  await reportDesignRoutes(server, ctx);
  await reportMenuRoutes(server, ctx);
  await reportVersionRoutes(server, ctx);

  app.get(
    `${BASE}/list`,
    {
      config: { access: permission('lowcode:report:list'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => {
      const pageNo = Number(request.query.pageNo ?? 1);
      const pageSize = Number(request.query.pageSize ?? 10);
      return ok(
        await listReports(db, {
          pageNo,
          pageSize,
          code: request.query.code?.trim() || null,
          name: request.query.name?.trim() || null,
        }),
      );
    },
  );

  app.get(
    `${BASE}/queryById`,
    {
      config: { access: permission('lowcode:report:list'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const report = await reportById(db, parseId(request.query.id));
      if (!report) throw failure(MSG_NOT_FOUND);
      return ok(report);
    },
  );

  app.post(
    `${BASE}/add`,
    { config: { access: permission('lowcode:report:add'), dataScope }, schema: { body: ADD_BODY } },
    async (request) => {
      const principal = principalOf(request);
      const access = await reportAccessOf(ctx.pages, principal, ctx.config.reportTables);
      const id = await addReport(
        db,
        inputOf(request.body),
        principal.username,
        access,
        request.body.note,
      ).catch(saveFailure);
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    `${BASE}/edit`,
    {
      config: { access: permission('lowcode:report:edit'), dataScope },
      schema: { body: EDIT_BODY },
    },
    async (request) => {
      const id = parseId(request.body.id);
      const current = await reportById(db, id);
      if (!current) throw failure(MSG_NOT_FOUND);
      if (request.body.version !== current.version) {
        throw failure(MSG_REPORT_STALE);
      }
      const principal = principalOf(request);
      const access = await reportAccessOf(ctx.pages, principal, ctx.config.reportTables);
      const saved = await editReport(
        db,
        id,
        inputOf(request.body),
        principal.username,
        current.version,
        access,
        request.body.note,
      ).catch(saveFailure);
      if (!saved) throw failure(MSG_REPORT_STALE);
      return ok(null, MSG_EDITED);
    },
  );

  app.delete(
    `${BASE}/delete`,
    {
      config: { access: permission('lowcode:report:delete'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      if (!(await deleteReport(db, parseId(request.query.id)))) throw failure(MSG_NOT_FOUND);
      return ok(null, MSG_DELETED);
    },
  );
}
