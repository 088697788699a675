import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import Type from 'typebox';
import { PAGE_CODE_PATTERN } from '../../../src/contracts/page';
import { permissionOf, principalOf, type Access } from '../../http/access';
import { ok } from '../../http/envelope';
import { ResultCode } from '../../../src/contracts/envelope';
import { AppError, failure } from '../../http/errors';
import { runListQuery } from '../../http/list-page';
import { MAX_PAGE_SIZE, paramText, translateListQuery } from '../../http/list-query';
import { rawParam } from '../../http/raw-param';
import { LIST_QUERY, parseId, splitIds } from '../../http/request-schemas';
import { PAGE_SCOPE, rowScope, type RowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import type { PageCache, StoredPage } from '../page/store';
import { addRecord, deleteRecords, editRecord, MSG_NOT_FOUND } from './crud';
import { detailRoutes } from './detail-routes';
import { sendExport } from './export';
import { importSheet } from './import';
import { selectById } from './queries';
import { toRecords, withDictText, type OnlineRecord } from './records';
import { publishSave, savedDetails } from './sync';
import { MSG_PAGE_MISSING, onlineTableOf, type OnlineTable } from './table';
import { withUploadedFiles, type UploadedFile } from '../../http/upload';
import { importEachFile } from '../../http/sheet/import-files';
import { dictLookup } from '../dict/lookup';

/**
 * Data of the pages that own a table (online tables): `/online/cgform/api/{code}/…`.
 * Permission codes `online:{code}:list|add|edit|delete|export|import`. A master-detail page's
 * add / edit also save its detail arrays, its deletes delete its detail rows (crud.ts), and
 * its detail rows are listed under `…/{code}/detail/{detailCode}/list` (detail-routes.ts).
 * A committed add / edit is published for live sync (sync.ts). Every route declares
 * `PAGE_SCOPE` and reads or writes through the page's row scope (row-scope.ts): the data rules
 * of the page's menu under the code the call was admitted with; ids are parsed once
 * (`parseId`, `splitIds`) and the checked ids are the ones written. A caller holding the code
 * of a page that does not exist (any more) gets envelope code 404 `页面不存在`.
 */

type Action = 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import';

const CODE = new RegExp(PAGE_CODE_PATTERN);
const BASE = '/online/cgform/api/:code';
const MAX_BATCH_IDS = 10_000;
/** A master-detail save may carry up to 10,000 rows per detail (detail-rows.ts). */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * An action's access: an unknown page answers 页面不存在 (envelope code 404) before any
 * permission is looked up, as the reference does (page codes are no secret: menus carry them);
 * then the page's code for the action.
 */
function access(action: Action, pages: PageCache): Access {
  return permissionOf(
    // Runs before the params are validated: the raw text (a page code no one holds when absent).
    (request) => `online:${rawParam(request, 'code') ?? ''}:${action}`,
    `online:{code}:${action}`,
    async (request) => {
      const code = rawParam(request, 'code') ?? '';
      if (!CODE.test(code) || !(await pages.get(code))) {
        throw new AppError(MSG_PAGE_MISSING, ResultCode.NOT_FOUND);
      }
    },
  );
}

/**
 * What every route's request has whatever the page: its code (checked against the stored pages
 * by `tableOf`, which answers 页面不存在 for an unknown one). A record body's fields are the
 * page's own, checked against its definition (validate.ts), so its schema says only "an object".
 */
const CODE_PARAMS = Type.Object({ code: Type.String() });
const RECORD_BODY = Type.Unsafe<Record<string, unknown>>({ type: 'object' });
/** `?id=` / `?ids=`: optional here, the routes answer a missing one (请选择要删除的记录, parseId). */
const OPTIONAL_ID_QUERY = Type.Object({ id: Type.Optional(Type.String()) });
const OPTIONAL_IDS_QUERY = Type.Object({ ids: Type.Optional(Type.String()) });
const LIST = { params: CODE_PARAMS, querystring: LIST_QUERY };

export async function onlineRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  // Online SQL aliases its columns itself: no snake/camel rewriting by the plugin.
  const db = ctx.db.withoutPlugins();
  // Texts of system and (allowed) table dictionaries for lists, exports and imports.
  const dictionaries = dictLookup(ctx.db, ctx.dicts);
  const { timeZone } = ctx.config;
  const tables = new WeakMap<StoredPage, OnlineTable>();
  /** Route config of an action: its code and the page's row scope. */
  const config = (action: Action) => ({ access: access(action, ctx.pages), dataScope: PAGE_SCOPE });

  async function tableOf(code: string): Promise<OnlineTable> {
    // The access precheck answered 页面不存在 already; a page deleted since is answered here.
    const page = CODE.test(code) ? await ctx.pages.get(code) : null;
    if (!page) throw new AppError(MSG_PAGE_MISSING, ResultCode.NOT_FOUND);
    const known = tables.get(page);
    if (known) return known;
    const table = onlineTableOf(page, code); // refuses a page without a table
    tables.set(page, table);
    return table;
  }

  const present = (table: OnlineTable, rows: OnlineRecord[], scope?: RowScope) =>
    withDictText(table, toRecords(table, rows, timeZone), dictionaries, scope);

  await detailRoutes(server, { ctx, db, base: BASE, listConfig: config('list'), tableOf });

  app.get(`${BASE}/list`, { config: config('list'), schema: LIST }, async (request) => {
    const table = await tableOf(request.params.code);
    const query = translateListQuery(request.query, table.entity, { timeZone });
    // A tree list without filters shows its top level; children load through `children`.
    const tree = table.tree;
    const top =
      tree && !query.filtered
        ? sql<SqlBool>`(${sql.ref(tree.parent.column)} = ${tree.rootValue} or ${sql.ref(tree.parent.column)} is null)`
        : undefined;
    const scope = rowScope(request, table.scope);
    const page = await runListQuery<OnlineRecord>(
      db,
      { select: table.select, from: table.from, where: scope.and(top) },
      query,
    );
    return ok({ ...page, records: await present(table, [...page.records], scope) });
  });

  app.get(`${BASE}/children`, { config: config('list'), schema: LIST }, async (request) => {
    const table = await tableOf(request.params.code);
    const tree = table.tree;
    if (!tree) throw failure('该页面不是树形列表');
    const params = request.query;
    const raw = paramText(params, 'pid');
    if (raw === undefined || raw === '') throw failure('缺少参数 pid');
    const pid = parseId(raw, 'pid');
    const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'pid'));
    const query = translateListQuery(rest, table.entity, { timeZone });
    const scope = rowScope(request, table.scope);
    const { rows } = await sql<OnlineRecord>`select ${table.select} from ${table.from}
        where ${sql.ref(tree.parent.column)} = ${pid} and ${query.where} and ${scope.where}
        order by ${query.orderBy} limit ${MAX_PAGE_SIZE}`.execute(db);
    return ok(await present(table, rows, scope));
  });

  app.get(
    `${BASE}/queryById`,
    { config: config('list'), schema: { params: CODE_PARAMS, querystring: OPTIONAL_ID_QUERY } },
    async (request) => {
      const table = await tableOf(request.params.code);
      const id = parseId(request.query.id);
      const row = await selectById(db, table, id);
      if (!row) throw failure(MSG_NOT_FOUND);
      await rowScope(request, table.scope).checkOne(id);
      return ok(toRecords(table, [row], timeZone)[0]);
    },
  );

  app.post(
    `${BASE}/add`,
    {
      schema: { params: CODE_PARAMS, body: RECORD_BODY },
      bodyLimit: SAVE_BODY_LIMIT,
      config: config('add'),
    },
    async (request) => {
      const table = await tableOf(request.params.code);
      const username = principalOf(request).username;
      const scope = rowScope(request, table.scope);
      const id = await addRecord(db, table, request.body, { username, timeZone, scope });
      const details = savedDetails(table, request.body);
      await publishSave(ctx, db, request, { table, masterId: id, details });
      return ok(id, '新增成功！');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${BASE}/edit`,
    schema: { params: CODE_PARAMS, body: RECORD_BODY },
    bodyLimit: SAVE_BODY_LIMIT,
    config: config('edit'),
    handler: async (request) => {
      const table = await tableOf(request.params.code);
      if (request.body.id === undefined || request.body.id === '') {
        throw failure('缺少要编辑的记录 id');
      }
      const scope = rowScope(request, table.scope);
      const id = await scope.checkOne(parseId(request.body.id));
      const username = principalOf(request).username;
      await editRecord(db, table, id, request.body, { username, timeZone, scope });
      const details = savedDetails(table, request.body);
      await publishSave(ctx, db, request, { table, masterId: id, details });
      return ok(null, '编辑成功!');
    },
  });

  app.delete(
    `${BASE}/delete`,
    { config: config('delete'), schema: { params: CODE_PARAMS, querystring: OPTIONAL_ID_QUERY } },
    async (request) => {
      const table = await tableOf(request.params.code);
      if (!request.query.id) throw failure('请选择要删除的记录');
      const scope = rowScope(request, table.scope);
      await deleteRecords(db, table, [await scope.checkOne(parseId(request.query.id))], scope);
      return ok(null, '删除成功!');
    },
  );

  app.delete(
    `${BASE}/deleteBatch`,
    { config: config('delete'), schema: { params: CODE_PARAMS, querystring: OPTIONAL_IDS_QUERY } },
    async (request) => {
      const table = await tableOf(request.params.code);
      if (!request.query.ids?.split(',').some((id) => id.trim() !== '')) {
        throw failure('请选择要删除的记录');
      }
      const scope = rowScope(request, table.scope);
      const ids = await scope.check(splitIds(request.query.ids, MAX_BATCH_IDS));
      await deleteRecords(db, table, ids, scope);
      return ok(null, '批量删除成功!');
    },
  );

  app.get(
    `${BASE}/exportXls`,
    { config: config('export'), schema: LIST },
    async (request, reply) => {
      const table = await tableOf(request.params.code);
      const query = request.query;
      const scope = rowScope(request, table.scope);
      return sendExport(reply, { db, dicts: dictionaries, timeZone, table, query, scope });
    },
  );

  app.post(
    `${BASE}/importExcel`,
    // Adds rows only; a tree's new nodes go below parents inside the scope, as `add` puts them.
    { config: config('import'), schema: { params: CODE_PARAMS } },
    async (request) => {
      const table = await tableOf(request.params.code);
      const username = principalOf(request).username;
      const scope = rowScope(request, table.scope);
      return withUploadedFiles(request, (files, fields) => {
        // 是否开启校验: 否 sends validateStatus=0; anything else keeps the page's rules.
        const validate = fields.validateStatus !== '0';
        const importOne = (file: UploadedFile) =>
          importSheet({
            db,
            dicts: dictionaries,
            filesDir: ctx.config.filesDir,
            timeZone,
            table,
            scope,
            username,
            file: file.path,
            validate,
          });
        return importEachFile(files, importOne, request.log);
      });
    },
  );
}
