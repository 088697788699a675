import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_SCHEMA,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
  parseOptionalId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import {
  addDict,
  addDictItem,
  deleteDictItems,
  deleteDicts,
  DICT_ADD_BODY,
  DICT_EDIT_BODY,
  DICT_ITEM_ADD_BODY,
  DICT_ITEM_EDIT_BODY,
  editDict,
  editDictItem,
  valueTaken,
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

/**
 * An item list's query: the list parameters and the dictionary. The schema names `dictId` only
 * (a missing one is answered 参数 dictId 不能为空); the others reach the list translator, which
 * refuses unknown names itself.
 */
const ITEM_LIST_QUERY = Type.Object({ dictId: Type.Optional(ID_SCHEMA) });
const ITEM_CHECK_QUERY = Type.Object({
  itemValue: Type.String({ maxLength: 100 }),
  dictId: ID_SCHEMA,
  id: Type.Optional(ID_SCHEMA),
});

export const MSG_VALUE_FREE = '该值可用！';
export const MSG_VALUE_TAKEN = '该值不可用，系统中已存在！';

export async function dictAdminRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
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
    {
      config: { access: permission('dict:list'), dataScope: dicts },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => ok(await listDicts(db, request.query, rowScope(request), { timeZone })),
  );

  app.post(
    '/sys/dict/add',
    {
      config: { access: permission('dict:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: DICT_ADD_BODY },
    },
    async (request) => {
      const id = await addDict(db, request.body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    '/sys/dict/edit',
    {
      config: { access: permission('dict:edit'), dataScope: dicts },
      schema: { body: DICT_EDIT_BODY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editDict(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: '/sys/dict',
    codes: { one: 'dict:delete', batch: 'dict:deleteBatch' },
    entity: DICT_SCOPE,
    remove: async (ids) => {
      const removed = await deleteDicts(db, ids);
      await changed();
      return removed;
    },
  });

  app.get(
    '/sys/dictItem/list',
    {
      config: { access: permission('dict:list'), dataScope: items },
      schema: { querystring: ITEM_LIST_QUERY },
    },
    async (request) => {
      if (!request.query.dictId) throw failure('参数 dictId 不能为空');
      const dictId = await dictOf(request, request.query.dictId);
      const page = await listDictItems(db, dictId, request.query, { timeZone });
      return ok(await pageWithDictTexts(page, DICT_ITEM_DICT_FIELDS, dictionaries));
    },
  );

  app.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: { access: permission('dict:list'), dataScope: items },
      schema: { querystring: ITEM_CHECK_QUERY },
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

  app.post(
    '/sys/dictItem/add',
    {
      config: { access: permission('dict:add'), dataScope: items },
      schema: { body: DICT_ITEM_ADD_BODY },
    },
    async (request) => {
      const { body } = request;
      const dictId = await dictOf(request, body.dictId);
      const id = await addDictItem(db, dictId, body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    '/sys/dictItem/edit',
    {
      config: { access: permission('dict:edit'), dataScope: items },
      schema: { body: DICT_ITEM_EDIT_BODY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editDictItem(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
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
