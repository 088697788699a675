import type { FastifyInstance } from 'fastify';
import { SIGNED_IN, permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import { ID_QUERY, ID_SCHEMA, MSG_ADDED, MSG_EDITED, parseId } from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { announcementExcelRoutes } from './excel-routes';
import { inboxOf } from './inbox';
import {
  ANNOUNCEMENT_DICT_FIELDS,
  ANNOUNCEMENT_SCOPE,
  announcementById,
  listAnnouncements,
} from './rows';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import {
  addAnnouncement,
  deleteAnnouncements,
  editAnnouncement,
  markRead,
  MSG_NOT_FOUND,
  MSG_RELEASED,
  MSG_REVOKED,
  releaseAnnouncement,
  revokeAnnouncement,
  type AnnouncementInput,
} from './store';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 系统通告 (jeecg-api.md §4.7; the reference system's path spells `annountCement`). Codes from
 * the seed menu: `notice:list` reads, `notice:add|edit|delete|deleteBatch|release|revoke`
 * write, within the caller's row scope on 系统通告. Every signed-in user reads their own released
 * notices (`listByUser`).
 */

const BASE = '/sys/annountCement';
const ID = ID_SCHEMA;
const TEXT = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

const inputProperties = {
  titile: { type: 'string', minLength: 1, maxLength: 100 },
  msgContent: TEXT(1_000_000),
  msgAbstract: TEXT(500),
  startTime: TEXT(30),
  endTime: TEXT(30),
  priority: { type: 'string', enum: ['L', 'M', 'H'] },
  msgCategory: { type: 'string', enum: ['1', '2'] },
  msgType: { type: 'string', enum: ['ALL', 'USER'] },
  userIds: TEXT(33_000),
  busType: TEXT(20),
  busId: TEXT(50),
  openType: TEXT(20),
  openPage: TEXT(255),
} as const;

const idQuery = ID_QUERY;
const dataScope = scoped(ANNOUNCEMENT_SCOPE);

export async function announcementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get(
    `${BASE}/list`,
    { config: { access: permission('notice:list'), dataScope } },
    async (request) => {
      const page = await listAnnouncements(db, request.query as ListParams, rowScope(request), {
        timeZone,
      });
      return ok(await pageWithDictTexts(page, ANNOUNCEMENT_DICT_FIELDS, dictionaries));
    },
  );

  app.get<{ Querystring: { id: string } }>(
    `${BASE}/queryById`,
    { config: { access: permission('notice:list'), dataScope }, schema: { querystring: idQuery } },
    async (request) => {
      const id = parseId(request.query.id);
      const row = await announcementById(db, id, rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.post<{ Body: AnnouncementInput }>(
    `${BASE}/add`,
    {
      config: { access: permission('notice:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: { type: 'object', required: ['titile'], properties: inputProperties } },
    },
    async (request) => {
      const username = principalOf(request).username;
      const id = await addAnnouncement(db, request.body, username, timeZone);
      return ok(id, MSG_ADDED);
    },
  );

  app.put<{ Body: AnnouncementInput & { id: string } }>(
    `${BASE}/edit`,
    {
      config: { access: permission('notice:edit'), dataScope },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'titile'],
          properties: { id: ID, ...inputProperties },
        },
      },
    },
    async (request) => {
      const username = principalOf(request).username;
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editAnnouncement(db, id, request.body, username, timeZone);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(app, {
    base: BASE,
    codes: { one: 'notice:delete', batch: 'notice:deleteBatch' },
    entity: ANNOUNCEMENT_SCOPE,
    remove: (ids) => deleteAnnouncements(db, ids),
  });

  app.get<{ Querystring: { id: string } }>(
    `${BASE}/doReleaseData`,
    {
      config: { access: permission('notice:release'), dataScope },
      schema: { querystring: idQuery },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.query.id));
      await releaseAnnouncement(db, id, principalOf(request).username);
      return ok(null, MSG_RELEASED);
    },
  );

  app.get<{ Querystring: { id: string } }>(
    `${BASE}/doReovkeData`,
    {
      config: { access: permission('notice:revoke'), dataScope },
      schema: { querystring: idQuery },
    },
    async (request) => {
      await revokeAnnouncement(db, await rowScope(request).checkOne(parseId(request.query.id)));
      return ok(null, MSG_REVOKED);
    },
  );

  app.get(`${BASE}/listByUser`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await inboxOf(db, principalOf(request).userId, timeZone)),
  );

  app.put<{ Body: { anntId: string } }>(
    '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    {
      config: { access: SIGNED_IN },
      schema: { body: { type: 'object', required: ['anntId'], properties: { anntId: ID } } },
    },
    async (request) => {
      await markRead(db, request.body.anntId, principalOf(request).userId);
      return ok(null, '操作成功!');
    },
  );

  await announcementExcelRoutes(app, ctx);
}
