import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import {
  ID_SCHEMA,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  parseOptionalId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import {
  addDict,
  addDictItem,
  deleteDictItems,
  deleteDicts,
  editDict,
  editDictItem,
  valueTaken,
  type DictInput,
  type DictItemInput,
} from './crud';
import { pageWithDictTexts } from './dict-text';
import {
  DICT_ITEM_DICT_FIELDS,
  DICT_ITEM_SCOPE,
  DICT_SCOPE,
  listDictItems,
  listDicts,
} from './list';
import { dictLookup } from './lookup';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 数据字典 screen: dictionaries and their items (jeecg-api.md §4.6). Codes from the seed menu:
 * `dict:list` reads, `dict:add` / `dict:edit` / `dict:delete` / `dict:deleteBatch` write
 * (items too: they are edited on the same screen). Every write drops the dictionary cache
 * in every process. Reads and writes stay within the caller's row scope on 数据字典 (an item
 * through its dictionary).
 */

const ID = ID_SCHEMA;
const SYSTEM_CODE = '^[A-Za-z][A-Za-z0-9_.-]{0,99}$';

const dictProperties = {
  dictName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  dictCode: { type: 'string', minLength: 1, maxLength: 100, pattern: SYSTEM_CODE },
  description: { type: ['string', 'null'], maxLength: 255 },
  type: { type: 'integer', enum: [0, 1] },
} as const;

const itemProperties = {
  itemText: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  itemValue: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  description: { type: ['string', 'null'], maxLength: 255 },
  sortOrder: { type: 'integer', minimum: -1000000, maximum: 1000000 },
  status: { type: 'integer', enum: [0, 1] },
} as const;

export const MSG_VALUE_FREE = '该值可用！';
export const MSG_VALUE_TAKEN = '该值不可用，系统中已存在！';

export async function dictAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const changed = () => bus.publish({ kind: 'dict' });
  const dictionaries = dictLookup(db, ctx.dicts);
  const dicts = scoped(DICT_SCOPE);
  const items = scoped(DICT_ITEM_SCOPE, DICT_SCOPE);
  /** The dictionary an item request names, checked against the caller's scope. */
  const dictOf = (request: FastifyRequest, raw: string | undefined) =>
    rowScope(request, DICT_SCOPE).checkOne(parseId(raw, 'dictId'));

  app.get(
    '/sys/dict/list',
    { config: { access: permission('dict:list'), dataScope: dicts } },
    async (request) =>
      ok(await listDicts(db, request.query as ListParams, rowScope(request), { timeZone })),
  );

  app.post<{ Body: DictInput }>(
    '/sys/dict/add',
    {
      config: { access: permission('dict:add'), dataScope: noRowScope('只新增记录') },
      schema: {
        body: { type: 'object', required: ['dictName', 'dictCode'], properties: dictProperties },
      },
    },
    async (request) => {
      const id = await addDict(db, request.body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.put<{ Body: DictInput & { id: string } }>(
    '/sys/dict/edit',
    {
      config: { access: permission('dict:edit'), dataScope: dicts },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'dictName', 'dictCode'],
          properties: { id: ID, ...dictProperties },
        },
      },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editDict(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(app, {
    base: '/sys/dict',
    codes: { one: 'dict:delete', batch: 'dict:deleteBatch' },
    entity: DICT_SCOPE,
    remove: async (ids) => {
      const removed = await deleteDicts(db, ids);
      await changed();
      return removed;
    },
  });

  app.get<{ Querystring: { dictId?: string } }>(
    '/sys/dictItem/list',
    {
      config: { access: permission('dict:list'), dataScope: items },
      schema: { querystring: { type: 'object', properties: { dictId: ID } } },
    },
    async (request) => {
      if (!request.query.dictId) throw failure('参数 dictId 不能为空');
      const dictId = await dictOf(request, request.query.dictId);
      const page = await listDictItems(db, dictId, request.query as ListParams, { timeZone });
      return ok(await pageWithDictTexts(page, DICT_ITEM_DICT_FIELDS, dictionaries));
    },
  );

  app.get<{ Querystring: { itemValue: string; dictId: string; id?: string } }>(
    '/sys/dictItem/dictItemCheck',
    {
      config: { access: permission('dict:list'), dataScope: items },
      schema: {
        querystring: {
          type: 'object',
          required: ['itemValue', 'dictId'],
          properties: { itemValue: { type: 'string', maxLength: 100 }, dictId: ID, id: ID },
        },
      },
    },
    async (request) => {
      const { itemValue, id } = request.query;
      const dictId = await dictOf(request, request.query.dictId);
      if (await valueTaken(db, dictId, itemValue.trim(), parseOptionalId(id))) {
        throw failure(MSG_VALUE_TAKEN);
      }
      return ok(null, MSG_VALUE_FREE);
    },
  );

  app.post<{ Body: DictItemInput & { dictId: string } }>(
    '/sys/dictItem/add',
    {
      config: { access: permission('dict:add'), dataScope: items },
      schema: {
        body: {
          type: 'object',
          required: ['dictId', 'itemText', 'itemValue'],
          properties: { dictId: ID, ...itemProperties },
        },
      },
    },
    async (request) => {
      const { body } = request;
      const dictId = await dictOf(request, body.dictId);
      const id = await addDictItem(db, dictId, body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.put<{ Body: DictItemInput & { id: string } }>(
    '/sys/dictItem/edit',
    {
      config: { access: permission('dict:edit'), dataScope: items },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'itemText', 'itemValue'],
          properties: { id: ID, dictId: ID, ...itemProperties },
        },
      },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editDictItem(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(app, {
    base: '/sys/dictItem',
    codes: { one: 'dict:delete', batch: 'dict:deleteBatch' },
    entity: DICT_ITEM_SCOPE,
    remove: async (ids) => {
      const removed = await deleteDictItems(db, ids);
      await changed();
      return removed;
    },
  });
}
