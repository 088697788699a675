import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MSG_DICT_CODE_EMPTY } from '../../../src/contracts/dict';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { dictAdminRoutes } from './admin-routes';
import { DICT_CODE_PATTERN } from './crud';
import { dictExcelRoutes } from './excel-routes';
import { dictOptions, dictTexts, searchDict, treeData, type TableLookupAccess } from './lookup';
import { grantLookup } from './table-access';
import { isTableDictCode } from './table-allow';

/** A system dictionary code (the pattern of its add body, crud.ts). */
const DICT_CODE = new RegExp(DICT_CODE_PATTERN);
/** A table dictionary `table,text,code`; the names are checked against the allow-list. */
const TABLE_DICT_CODE = /^[^,]{1,64}(,[^,]{1,64}){1,3}$/;
export const MSG_DICT_CODE_INVALID = '字典Code不合法';
export const MSG_REFRESH_DONE = '刷新缓存完成！';
export const MSG_REFRESH_FAILED = '刷新缓存失败！';

const LOOKUP_PAGE_SIZE = 10;
const LOOKUP_MAX_PAGE_SIZE = 500;

function checkedCode(raw: string): string {
  const code = raw.trim();
  if (!code) throw new AppError(MSG_DICT_CODE_EMPTY);
  const valid = isTableDictCode(code) ? TABLE_DICT_CODE.test(code) : DICT_CODE.test(code);
  if (!valid) throw new AppError(MSG_DICT_CODE_INVALID);
  return code;
}

/** `{dictCode}`: checked by `checkedCode` (its own messages), here only bounded. */
const CODE_PARAMS = Type.Object({ dictCode: Type.String({ maxLength: 300 }) });
const LOAD_DICT_QUERY = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  pageSize: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
});
const LOAD_DICT_ITEM_QUERY = Type.Object({
  /** Comma list of the values to translate. */
  key: Type.Optional(Type.String({ maxLength: 10000 })),
  /** `false` keeps a value that has no text (answered as itself). */
  delNotExist: Type.Optional(Type.String({ maxLength: 5 })),
});
/** At most 64 characters; table and column names are checked by the allow-list (lookup.ts). */
const TREE_DATA_TEXT = Type.Optional(Type.String({ maxLength: 64 }));
const TREE_DATA_QUERY = Type.Object({
  pid: TREE_DATA_TEXT,
  pidField: TREE_DATA_TEXT,
  tableName: TREE_DATA_TEXT,
  text: TREE_DATA_TEXT,
  code: TREE_DATA_TEXT,
  hasChildField: TREE_DATA_TEXT,
  condition: Type.Optional(Type.String({ maxLength: 2000 })),
});

export async function dictRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const deps = { pages: ctx.pages, timeZone: ctx.config.timeZone };
  /** The caller's way to the tables (page tables only as table-access.ts allows). */
  const accessOf = async (request: FastifyRequest): Promise<TableLookupAccess> => {
    const pages = await ctx.pages.tables();
    return { pages, grant: (source, use) => grantLookup(deps, request, pages, source, use) };
  };

  app.get('/sys/dict/queryAllDictItems', { config: { access: SIGNED_IN } }, async () =>
    ok(await ctx.dicts.getAll()),
  );

  app.get('/sys/dict/getDictItems/', { config: { access: SIGNED_IN } }, async () => {
    throw new AppError(MSG_DICT_CODE_EMPTY);
  });

  app.get(
    '/sys/dict/getDictItems/:dictCode',
    { config: { access: SIGNED_IN, signed: true }, schema: { params: CODE_PARAMS } },
    async (request) => {
      const code = checkedCode(request.params.dictCode);
      return ok(await dictOptions(ctx.db, ctx.dicts, code, await accessOf(request)));
    },
  );

  app.get(
    '/sys/dict/loadDict/:dictCode',
    {
      config: { access: SIGNED_IN, signed: true },
      schema: { params: CODE_PARAMS, querystring: LOAD_DICT_QUERY },
    },
    async (request) => {
      const code = checkedCode(request.params.dictCode);
      const size = Number(request.query.pageSize ?? LOOKUP_PAGE_SIZE) || LOOKUP_PAGE_SIZE;
      const keyword = (request.query.keyword ?? '').trim();
      const limit = Math.min(size, LOOKUP_MAX_PAGE_SIZE);
      const access = await accessOf(request);
      return ok(await searchDict(ctx.db, ctx.dicts, code, keyword, limit, access));
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dictCode',
    {
      config: { access: SIGNED_IN, signed: true },
      schema: { params: CODE_PARAMS, querystring: LOAD_DICT_ITEM_QUERY },
    },
    async (request) => {
      const code = checkedCode(request.params.dictCode);
      const keys = (request.query.key ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '');
      const keepMissing = request.query.delNotExist === 'false';
      const access = await accessOf(request);
      return ok(await dictTexts(ctx.db, ctx.dicts, code, keys, keepMissing, access));
    },
  );

  app.get(
    '/sys/dict/loadTreeData',
    { config: { access: SIGNED_IN, signed: true }, schema: { querystring: TREE_DATA_QUERY } },
    async (request) => {
      const q = request.query;
      if (!q.tableName || !q.text || !q.code || !q.pidField) {
        throw new AppError('缺少参数：tableName、text、code、pidField 均不能为空');
      }
      const query = {
        tableName: q.tableName,
        text: q.text,
        code: q.code,
        pidField: q.pidField,
        pid: q.pid ?? '',
        hasChildField: q.hasChildField || undefined,
        condition: q.condition,
      };
      return ok(await treeData(ctx.db, query, await accessOf(request)));
    },
  );

  app.get('/sys/dict/refleshCache', { config: { access: SIGNED_IN } }, async (request) => {
    try {
      await ctx.bus.publish({ kind: 'dict' });
    } catch (error) {
      request.log.error({ err: error }, 'dictionary cache refresh failed');
      throw new AppError(MSG_REFRESH_FAILED);
    }
    return ok(null, MSG_REFRESH_DONE);
  });

  await dictAdminRoutes(server, ctx);
  await dictExcelRoutes(server, ctx);
}
