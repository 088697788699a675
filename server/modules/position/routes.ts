import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import Type from 'typebox';
import {
  ID_QUERY,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
} from '../../http/request-schemas';
import { typed } from '../../http/typed';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import {
  addPosition,
  deletePositions,
  editPosition,
  POSITION_ADD_BODY,
  POSITION_EDIT_BODY,
} from './crud';
import { positionExcelRoutes } from './excel';
import { positionPickerRoutes } from './picker';
import { listPositions, POSITION_DICT_FIELDS, positionBy, POSITION_SCOPE } from './list';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 职务管理 (jeecg-api.md §4.8): `position:list` reads, `position:add|edit|delete|deleteBatch`
 * write, `position:export|import` move spreadsheets; reads and writes within the caller's row
 * scope on 职务管理.
 */

const BASE = '/sys/position';
const dataScope = scoped(POSITION_SCOPE);
const CODE_QUERY = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });

export async function positionRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get(
    `${BASE}/list`,
    {
      config: { access: permission('position:list'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => {
      const page = await listPositions(db, request.query, rowScope(request), { timeZone });
      return ok(await pageWithDictTexts(page, POSITION_DICT_FIELDS, dictionaries));
    },
  );

  app.get(
    `${BASE}/queryById`,
    {
      config: { access: permission('position:list'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const id = parseId(request.query.id);
      const row = await positionBy(db, 'id', id, rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.get(
    `${BASE}/queryByCode`,
    {
      config: { access: permission('position:list'), dataScope },
      schema: { querystring: CODE_QUERY },
    },
    async (request) => {
      const code = request.query.code.trim();
      const row = await positionBy(db, 'code', code, rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.post(
    `${BASE}/add`,
    {
      config: { access: permission('position:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: POSITION_ADD_BODY },
    },
    async (request) => {
      const { username, orgCode } = principalOf(request);
      return ok(await addPosition(db, request.body, { username, orgCode }), MSG_ADDED);
    },
  );

  app.put(
    `${BASE}/edit`,
    {
      config: { access: permission('position:edit'), dataScope },
      schema: { body: POSITION_EDIT_BODY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editPosition(db, id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'position:delete', batch: 'position:deleteBatch' },
    entity: POSITION_SCOPE,
    remove: (ids) => deletePositions(db, ids),
  });

  await positionExcelRoutes(server, ctx);
  await positionPickerRoutes(server, ctx);
}
