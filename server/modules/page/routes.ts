import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PageApiPath,
  type RenderPageResult,
  type SavePageRequest,
  type StoredPageResult,
} from '../../../src/contracts/page-api';
import {
  ADD_TO_MENU_BODY,
  DRAFT_FROM_TABLE_BODY,
  EDIT_PAGE_BODY,
  PAGE_CODE_PARAMS,
  PAGE_CODE_QUERY,
  PAGE_LIST_QUERY,
  PAGE_VERSION_QUERY,
  ROLLBACK_BODY,
  SAVE_PAGE_BODY,
  VALIDATE_PAGE_BODY,
} from '../../../src/contracts/page-api-schema';
import { SIGNED_IN, permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { formatDateTime } from '../../http/time';
import { typed } from '../../http/typed';
import { dictSources } from './dict-sources';
import { draftFromTable, draftableTables } from './draft-from-table';
import { addPageToMenu } from './menu';
import { pageNotFound } from './messages';
import { listPages, loadStoredPage, loadVersion, listVersions, PAGE_STORE_SCOPE } from './queries';
import { deletePage, savePage, type SavedPage } from './save';
import { validatePage } from './validate';

/**
 * The page store (低代码 → 页面配置) and the render call of every online page. The store's
 * routes read and change only pages inside the caller's row scope on 页面配置.
 */

const dataScope = scoped(PAGE_STORE_SCOPE);
const LIST = { access: permission('lowcode:page:list'), dataScope };
const ADD = { access: permission('lowcode:page:add'), dataScope: noRowScope('新增页面') };
const EDIT = { access: permission('lowcode:page:edit'), dataScope };
const DELETE = { access: permission('lowcode:page:delete'), dataScope };
const MENU = { access: permission('lowcode:page:menu'), dataScope };

/** The page code a definition names, if it names one. */
function definitionCode(definition: unknown): string | undefined {
  const code = (definition as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export async function pageRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, config } = ctx;
  const adoptable = new Set(config.designerTables);
  const stored = (page: SavedPage): StoredPageResult => ({
    code: page.code,
    version: page.version,
    definition: page.definition,
    updateBy: page.updateBy,
    updateTime: formatDateTime(page.updateTime, config.timeZone),
  });
  const saveAs = async (
    request: FastifyRequest,
    mode: 'add' | 'edit',
    // baseVersion: edit's (an add has none; savePage reads it on edit only).
    body: SavePageRequest & { readonly baseVersion?: number },
  ): Promise<StoredPageResult> => {
    const pageCode = definitionCode(body.definition);
    if (mode === 'edit' && pageCode !== undefined) await rowScope(request).checkOne(pageCode);
    const saved = await savePage(db, {
      mode,
      definition: body.definition,
      note: body.note ?? null,
      baseVersion: body.baseVersion,
      confirmDropColumns: body.confirmDropColumns ?? [],
      adoptable,
      username: principalOf(request).username,
      onDdlFailure: (err, step) => request.log.warn({ err, step: step.label }, 'DDL refused'),
    });
    await ctx.bus.publish({ kind: 'page', code: saved.code });
    return stored(saved);
  };

  app.get(
    PageApiPath.list,
    { config: LIST, schema: { querystring: PAGE_LIST_QUERY } },
    async (request) => ok(await listPages(db, request.query, rowScope(request), config.timeZone)),
  );

  app.get(
    PageApiPath.queryByCode,
    { config: LIST, schema: { querystring: PAGE_CODE_QUERY } },
    async (request) => {
      const pageCode = await rowScope(request).checkOne(request.query.code);
      return ok(await loadStoredPage(db, pageCode, config.timeZone));
    },
  );

  app.post(PageApiPath.add, { config: ADD, schema: { body: SAVE_PAGE_BODY } }, async (request) =>
    ok(await saveAs(request, 'add', request.body), '页面已创建'),
  );

  app.put(PageApiPath.edit, { config: EDIT, schema: { body: EDIT_PAGE_BODY } }, async (request) =>
    ok(await saveAs(request, 'edit', request.body), '页面已保存'),
  );

  app.delete(
    PageApiPath.delete,
    { config: DELETE, schema: { querystring: PAGE_CODE_QUERY } },
    async (request) => {
      await rowScope(request).checkOne(request.query.code);
      const { keptTables, removedMenus } = await deletePage(db, request.query.code);
      await ctx.bus.publish({ kind: 'page', code: request.query.code });
      // Its menu entries, codes and grants went with it: every cached principal is stale.
      if (removedMenus > 0) await ctx.bus.publish({ kind: 'permissions' });
      const kept = keptTables.length > 0 ? `，表 ${keptTables.join('、')} 及其数据已保留` : '';
      return ok(null, `删除成功${kept}`);
    },
  );

  app.post(
    PageApiPath.validate,
    { config: LIST, schema: { body: VALIDATE_PAGE_BODY } },
    async (request) => {
      // A dry run against a stored page reads its table: that page must be in the scope.
      const stored = request.body.code ?? definitionCode(request.body.definition);
      if (stored !== undefined) await rowScope(request).checkOne(stored);
      return ok(await validatePage(db, request.body, adoptable));
    },
  );

  app.post(
    PageApiPath.draftFromTable,
    { config: ADD, schema: { body: DRAFT_FROM_TABLE_BODY } },
    async (request) => ok(await draftFromTable(db, request.body.table, config.designerTables)),
  );

  app.get(PageApiPath.draftTables, { config: ADD }, async () =>
    ok(await draftableTables(db, config.designerTables)),
  );

  app.get(
    PageApiPath.dictSources,
    {
      config: { access: LIST.access, dataScope: noRowScope('字典来源不是页面的行') },
    },
    async (request) => ok(await dictSources(db, ctx.pages, principalOf(request))),
  );

  app.get(
    PageApiPath.versions,
    { config: LIST, schema: { querystring: PAGE_CODE_QUERY } },
    async (request) => {
      const pageCode = await rowScope(request).checkOne(request.query.code);
      return ok(await listVersions(db, pageCode, config.timeZone));
    },
  );

  app.get(
    PageApiPath.version,
    { config: LIST, schema: { querystring: PAGE_VERSION_QUERY } },
    async (request) => {
      const { version: wanted } = request.query;
      const pageCode = await rowScope(request).checkOne(request.query.code);
      return ok(await loadVersion(db, pageCode, wanted, config.timeZone));
    },
  );

  app.post(
    PageApiPath.rollback,
    { config: EDIT, schema: { body: ROLLBACK_BODY } },
    async (request) => {
      const body = request.body;
      await rowScope(request).checkOne(body.code);
      const target = await loadVersion(db, body.code, body.version, config.timeZone);
      const result = await saveAs(request, 'edit', {
        definition: target.definition,
        baseVersion: body.baseVersion,
        confirmDropColumns: body.confirmDropColumns,
        note: body.note?.trim() ? body.note : `回滚到版本 ${body.version}`,
      });
      return ok(result, `已回滚到版本 ${body.version}（新版本 ${result.version}）`);
    },
  );

  app.post(
    PageApiPath.addToMenu,
    { config: MENU, schema: { body: ADD_TO_MENU_BODY } },
    async (request) => {
      const caller = principalOf(request);
      await rowScope(request).checkOne(request.body.code);
      const result = await addPageToMenu(db, request.body, caller);
      await ctx.bus.publish({ kind: 'permissions' });
      return ok(result, '已加入菜单');
    },
  );

  app.get(
    `${PageApiPath.render}:code`,
    { config: { access: SIGNED_IN }, schema: { params: PAGE_CODE_PARAMS } },
    async (request) => {
      const page = await ctx.pages.get(request.params.code);
      if (!page) throw pageNotFound(request.params.code);
      const result: RenderPageResult = { version: page.version, definition: page.definition };
      return ok(result);
    },
  );
}
