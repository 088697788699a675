import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { PAGE_CODE_PATTERN } from '../../../src/contracts/page';
import { permissionOf, principalOf, type Access } from '../../http/access';
import { andScope, assertInScope, dataScope } from '../../http/data-scope';
import { ok } from '../../http/envelope';
import { ResultCode } from '../../../src/contracts/envelope';
import { AppError, failure } from '../../http/errors';
import { runListQuery } from '../../http/list-page';
import {
  MAX_PAGE_SIZE,
  paramText,
  translateListQuery,
  type ListParams,
} from '../../http/list-query';
import type { AppContext } from '../../context';
import type { StoredPage } from '../page/store';
import { addRecord, deleteRecords, editRecord, MSG_NOT_FOUND } from './crud';
import { detailRoutes } from './detail-routes';
import { sendExport } from './export';
import { importSheet } from './import';
import { selectById } from './queries';
import { toRecords, withDictText, type OnlineRecord } from './records';
import { publishSave, savedDetails } from './sync';
import { MSG_PAGE_MISSING, onlineTableOf, type OnlineTable } from './table';
import { withUploadedFile } from '../../http/upload';
import { dictLookup } from '../dict/lookup';

/**
 * Data of the pages that own a table (online tables): `/online/cgform/api/{code}/…`.
 * Permission codes `online:{code}:list|add|edit|delete|export|import`. A master-detail page's
 * add / edit also save its detail arrays, its deletes delete its detail rows (crud.ts), and
 * its detail rows are listed under `…/{code}/detail/{detailCode}/list` (detail-routes.ts).
 * A committed add / edit is published for live sync (sync.ts). A caller holding the code of
 * a page that does not exist (any more) gets envelope code 404 `页面不存在`.
 */

type Action = 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import';
interface CodeParams {
  code: string;
}

const CODE = new RegExp(PAGE_CODE_PATTERN);
const BASE = '/online/cgform/api/:code';
const MAX_BATCH_IDS = 10_000;
/** A master-detail save may carry up to 10,000 rows per detail (detail-rows.ts). */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

function access(action: Action): Access {
  return permissionOf((request) => `online:${(request.params as CodeParams).code}:${action}`);
}

const recordBody = { type: 'object' } as const;

function idsOf(raw: string | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

export async function onlineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Online SQL aliases its columns itself: no snake/camel rewriting by the plugin.
  const db = ctx.db.withoutPlugins();
  // Texts of system and (allowed) table dictionaries for lists, exports and imports.
  const dictionaries = dictLookup(ctx.db, ctx.dicts);
  const { timeZone } = ctx.config;
  const tables = new WeakMap<StoredPage, OnlineTable>();

  async function tableOf(request: FastifyRequest): Promise<OnlineTable> {
    const { code } = request.params as CodeParams;
    // Only callers the permission check admitted get here (it runs first and answers 510
    // whatever the page), so 404 tells nothing to anyone who may not use the page.
    const page = CODE.test(code) ? await ctx.pages.get(code) : null;
    if (!page) throw new AppError(MSG_PAGE_MISSING, ResultCode.NOT_FOUND);
    const known = tables.get(page);
    if (known) return known;
    const table = onlineTableOf(page, code); // refuses a page without a table
    tables.set(page, table);
    return table;
  }

  /** Refuses ids of rows the caller's data rules on this page keep out. */
  const inScope = (request: FastifyRequest, table: OnlineTable, ids: readonly string[]) =>
    assertInScope(
      db,
      { from: table.from, id: sql.ref('id') },
      ids,
      dataScope(request, table.entity, timeZone),
    );

  const present = (table: OnlineTable, rows: OnlineRecord[]) =>
    withDictText(table, toRecords(table, rows, timeZone), dictionaries);

  await detailRoutes(app, { ctx, db, base: BASE, listAccess: access('list'), tableOf, inScope });

  app.get<{ Params: CodeParams }>(
    `${BASE}/list`,
    { config: { access: access('list') } },
    async (request) => {
      const table = await tableOf(request);
      const query = translateListQuery(request.query as ListParams, table.entity, { timeZone });
      // A tree list without filters shows its top level; children load through `children`.
      const tree = table.tree;
      const top =
        tree && !query.filtered
          ? sql<SqlBool>`(${sql.ref(tree.parent.column)} = ${tree.rootValue} or ${sql.ref(tree.parent.column)} is null)`
          : undefined;
      const where = andScope(top, dataScope(request, table.entity, timeZone));
      const page = await runListQuery<OnlineRecord>(
        db,
        { select: table.select, from: table.from, where },
        query,
      );
      return ok({ ...page, records: await present(table, [...page.records]) });
    },
  );

  app.get<{ Params: CodeParams }>(
    `${BASE}/children`,
    { config: { access: access('list') } },
    async (request) => {
      const table = await tableOf(request);
      const tree = table.tree;
      if (!tree) throw failure('该页面不是树形列表');
      const params = request.query as ListParams;
      const pid = paramText(params, 'pid')?.trim();
      if (!pid) throw failure('缺少参数 pid');
      const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'pid'));
      const query = translateListQuery(rest, table.entity, { timeZone });
      const scope = dataScope(request, table.entity, timeZone) ?? sql<SqlBool>`true`;
      const { rows } = await sql<OnlineRecord>`select ${table.select} from ${table.from}
        where ${sql.ref(tree.parent.column)} = ${pid} and ${query.where} and ${scope}
        order by ${query.orderBy} limit ${MAX_PAGE_SIZE}`.execute(db);
      return ok(await present(table, rows));
    },
  );

  app.get<{ Params: CodeParams; Querystring: { id?: string } }>(
    `${BASE}/queryById`,
    { config: { access: access('list') } },
    async (request) => {
      const table = await tableOf(request);
      const id = request.query.id?.trim();
      const row = id ? await selectById(db, table, id) : null;
      if (!row) throw failure(MSG_NOT_FOUND);
      await inScope(request, table, [id!]);
      return ok(toRecords(table, [row], timeZone)[0]);
    },
  );

  app.post<{ Params: CodeParams; Body: Record<string, unknown> }>(
    `${BASE}/add`,
    { schema: { body: recordBody }, bodyLimit: SAVE_BODY_LIMIT, config: { access: access('add') } },
    async (request) => {
      const table = await tableOf(request);
      const username = principalOf(request).username;
      const id = await addRecord(db, table, request.body, username, timeZone);
      const details = savedDetails(table, request.body);
      await publishSave(ctx, db, request, { table, masterId: id, details });
      return ok(id, '添加成功！');
    },
  );

  app.route<{ Params: CodeParams; Body: Record<string, unknown> }>({
    method: ['PUT', 'POST'],
    url: `${BASE}/edit`,
    schema: { body: recordBody },
    bodyLimit: SAVE_BODY_LIMIT,
    config: { access: access('edit') },
    handler: async (request) => {
      const table = await tableOf(request);
      const id = request.body.id;
      if (typeof id === 'string') await inScope(request, table, [id]);
      await editRecord(db, table, request.body, principalOf(request).username, timeZone);
      const details = savedDetails(table, request.body);
      await publishSave(ctx, db, request, { table, masterId: String(id).trim(), details });
      return ok(null, '编辑成功!');
    },
  });

  app.delete<{ Params: CodeParams; Querystring: { id?: string } }>(
    `${BASE}/delete`,
    { config: { access: access('delete') } },
    async (request) => {
      const table = await tableOf(request);
      const id = request.query.id?.trim();
      if (!id) throw failure('请选择要删除的记录');
      await inScope(request, table, [id]);
      await deleteRecords(db, table, [id]);
      return ok(null, '删除成功!');
    },
  );

  app.delete<{ Params: CodeParams; Querystring: { ids?: string } }>(
    `${BASE}/deleteBatch`,
    { config: { access: access('delete') } },
    async (request) => {
      const table = await tableOf(request);
      const ids = idsOf(request.query.ids);
      if (ids.length > MAX_BATCH_IDS) throw failure(`一次最多删除${MAX_BATCH_IDS}条记录`);
      await inScope(request, table, ids);
      await deleteRecords(db, table, ids);
      return ok(null, '批量删除成功!');
    },
  );

  app.get<{ Params: CodeParams }>(
    `${BASE}/exportXls`,
    { config: { access: access('export') } },
    async (request, reply) => {
      const table = await tableOf(request);
      const query = request.query as ListParams;
      const scope = dataScope(request, table.entity, timeZone);
      return sendExport(reply, { db, dicts: dictionaries, timeZone, table, query, scope });
    },
  );

  app.post<{ Params: CodeParams }>(
    `${BASE}/importExcel`,
    { config: { access: access('import') } },
    async (request) => {
      const table = await tableOf(request);
      const username = principalOf(request).username;
      return withUploadedFile(request, (file) =>
        importSheet({
          db,
          dicts: dictionaries,
          filesDir: ctx.config.filesDir,
          timeZone,
          table,
          username,
          file,
        }),
      );
    },
  );
}
