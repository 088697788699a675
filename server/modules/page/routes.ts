import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_CODE_PATTERN } from '../../../src/contracts/page';
import {
  PageApiPath,
  type AddToMenuRequest,
  type RenderPageResult,
  type SavePageRequest,
  type StoredPageResult,
} from '../../../src/contracts/page-api';
import { SIGNED_IN, permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { formatDateTime } from '../../http/time';
import { addPageToMenu } from './menu';
import { pageNotFound } from './messages';
import {
  listPages,
  loadStoredPage,
  loadVersion,
  listVersions,
  PAGE_STORE_SCOPE,
  type PageListQuery,
} from './queries';
import { deletePage, savePage, type SavedPage } from './save';
import { validatePage } from './validate';

/**
 * The page store (低代码 → 页面配置) and the render call of every online page. The store's
 * routes read and change only pages inside the caller's row scope on 页面配置.
 */

const code = { type: 'string', pattern: PAGE_CODE_PATTERN } as const;
const version = { type: 'integer', minimum: 1 } as const;
const confirmDropColumns = {
  type: 'array',
  maxItems: 300,
  items: { type: 'string', maxLength: 130 },
} as const;
const note = { type: 'string', maxLength: 500 } as const;
const codeQuery = { type: 'object', required: ['code'], properties: { code } } as const;

const saveBody = (withBase: boolean) =>
  ({
    type: 'object',
    required: withBase ? ['definition', 'baseVersion'] : ['definition'],
    properties: {
      definition: {},
      note,
      confirmDropColumns,
      ...(withBase ? { baseVersion: version } : {}),
    },
  }) as const;

const dataScope = scoped(PAGE_STORE_SCOPE);
const LIST = { access: permission('lowcode:page:list'), dataScope };
const ADD = { access: permission('lowcode:page:add'), dataScope: noRowScope('新建页面') };
const EDIT = { access: permission('lowcode:page:edit'), dataScope };
const DELETE = { access: permission('lowcode:page:delete'), dataScope };
const MENU = { access: permission('lowcode:page:menu'), dataScope };

/** The page code a definition names, if it names one. */
function definitionCode(definition: unknown): string | undefined {
  const code = (definition as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

interface RollbackRequest {
  readonly code: string;
  readonly version: number;
  readonly baseVersion: number;
  readonly confirmDropColumns?: readonly string[];
  readonly note?: string;
}

export async function pageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
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
    body: SavePageRequest,
  ): Promise<StoredPageResult> => {
    const pageCode = definitionCode(body.definition);
    if (mode === 'edit' && pageCode !== undefined) await rowScope(request).checkOne(pageCode);
    const saved = await savePage(db, {
      mode,
      definition: body.definition,
      note: body.note ?? null,
      baseVersion: body.baseVersion,
      confirmDropColumns: body.confirmDropColumns ?? [],
      username: principalOf(request).username,
      onDdlFailure: (err, step) => request.log.warn({ err, step: step.label }, 'DDL refused'),
    });
    await ctx.bus.publish({ kind: 'page', code: saved.code });
    return stored(saved);
  };

  app.get<{ Querystring: PageListQuery }>(
    PageApiPath.list,
    {
      config: LIST,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            pageNo: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 10 },
            code: { type: 'string', maxLength: 100 },
            title: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request) => ok(await listPages(db, request.query, rowScope(request), config.timeZone)),
  );

  app.get<{ Querystring: { code: string } }>(
    PageApiPath.queryByCode,
    { config: LIST, schema: { querystring: codeQuery } },
    async (request) => {
      const pageCode = await rowScope(request).checkOne(request.query.code);
      return ok(await loadStoredPage(db, pageCode, config.timeZone));
    },
  );

  app.post<{ Body: SavePageRequest }>(
    PageApiPath.add,
    { config: ADD, schema: { body: saveBody(false) } },
    async (request) => ok(await saveAs(request, 'add', request.body), '页面已创建'),
  );

  app.put<{ Body: SavePageRequest }>(
    PageApiPath.edit,
    { config: EDIT, schema: { body: saveBody(true) } },
    async (request) => ok(await saveAs(request, 'edit', request.body), '页面已保存'),
  );

  app.delete<{ Querystring: { code: string } }>(
    PageApiPath.delete,
    { config: DELETE, schema: { querystring: codeQuery } },
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

  app.post<{ Body: { definition: unknown; code?: string } }>(
    PageApiPath.validate,
    {
      config: LIST,
      schema: {
        body: { type: 'object', required: ['definition'], properties: { definition: {}, code } },
      },
    },
    async (request) => {
      // A dry run against a stored page reads its table: that page must be in the scope.
      const stored = request.body.code ?? definitionCode(request.body.definition);
      if (stored !== undefined) await rowScope(request).checkOne(stored);
      return ok(await validatePage(db, request.body));
    },
  );

  app.get<{ Querystring: { code: string } }>(
    PageApiPath.versions,
    { config: LIST, schema: { querystring: codeQuery } },
    async (request) => {
      const pageCode = await rowScope(request).checkOne(request.query.code);
      return ok(await listVersions(db, pageCode, config.timeZone));
    },
  );

  app.get<{ Querystring: { code: string; version: number } }>(
    PageApiPath.version,
    {
      config: LIST,
      schema: {
        querystring: {
          type: 'object',
          required: ['code', 'version'],
          properties: { code, version },
        },
      },
    },
    async (request) => {
      const { version: wanted } = request.query;
      const pageCode = await rowScope(request).checkOne(request.query.code);
      return ok(await loadVersion(db, pageCode, wanted, config.timeZone));
    },
  );

  app.post<{ Body: RollbackRequest }>(
    PageApiPath.rollback,
    {
      config: EDIT,
      schema: {
        body: {
          type: 'object',
          required: ['code', 'version', 'baseVersion'],
          properties: { code, version, baseVersion: version, confirmDropColumns, note },
        },
      },
    },
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

  app.post<{ Body: AddToMenuRequest }>(
    PageApiPath.addToMenu,
    {
      config: MENU,
      schema: {
        body: {
          type: 'object',
          required: ['code'],
          properties: {
            code,
            parentId: { type: 'string', minLength: 1, maxLength: 32 },
            name: { type: 'string', minLength: 1, maxLength: 100 },
            icon: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9-]{0,49}$' },
            url: { type: 'string', pattern: '^/[A-Za-z0-9_/.:-]{0,199}$' },
          },
        },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      await rowScope(request).checkOne(request.body.code);
      const result = await addPageToMenu(db, request.body, caller);
      await ctx.bus.publish({ kind: 'permissions' });
      return ok(result, '已加入菜单');
    },
  );

  app.get<{ Params: { code: string } }>(
    `${PageApiPath.render}:code`,
    {
      config: { access: SIGNED_IN },
      schema: { params: { type: 'object', required: ['code'], properties: { code } } },
    },
    async (request) => {
      const page = await ctx.pages.get(request.params.code);
      if (!page) throw pageNotFound(request.params.code);
      const result: RenderPageResult = { version: page.version, definition: page.definition };
      return ok(result);
    },
  );
}
