import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { NoticeCmd } from '../../../src/contracts/notice';
import { SIGNED_IN, permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  ID_SCHEMA,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  parseId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { announcementExcelRoutes } from './excel-routes';
import { inboxOf } from './inbox';
import { noticeRoutes } from './notice-routes';
import { releaseAndNotify } from './release';
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
  ANNOUNCEMENT_ADD_BODY,
  ANNOUNCEMENT_EDIT_BODY,
  deleteAnnouncements,
  editAnnouncement,
  markRead,
  MSG_NOT_FOUND,
  MSG_RELEASED,
  MSG_REVOKED,
  revokeAnnouncement,
} from './store';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 系统通告 (jeecg-api.md §4.7; the reference system's path spells `annountCement`). Codes from
 * the seed menu: `notice:list` reads, `notice:add|edit|delete|deleteBatch|release|revoke`
 * write, within the caller's row scope on 系统通告. Every signed-in user reads their own released
 * notices (`listByUser`; the bell's calls are notice-routes.ts). A release is pushed to its
 * audience's notice sockets (`topic` to everyone, `user` to the chosen users); a revoke tells
 * the same audience to refresh its counts.
 */

const BASE = '/sys/annountCement';
/** A notice the caller has read (their own inbox row). */
const MARK_READ_BODY = Type.Object({ anntId: ID_SCHEMA });
const dataScope = scoped(ANNOUNCEMENT_SCOPE);

export async function announcementRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get(
    `${BASE}/list`,
    {
      config: { access: permission('notice:list'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => {
      const page = await listAnnouncements(db, request.query, rowScope(request), { timeZone });
      return ok(await pageWithDictTexts(page, ANNOUNCEMENT_DICT_FIELDS, dictionaries));
    },
  );

  app.get(
    `${BASE}/queryById`,
    { config: { access: permission('notice:list'), dataScope }, schema: { querystring: ID_QUERY } },
    async (request) => {
      const id = parseId(request.query.id);
      const row = await announcementById(db, id, rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.post(
    `${BASE}/add`,
    {
      config: { access: permission('notice:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: ANNOUNCEMENT_ADD_BODY },
    },
    async (request) => {
      const username = principalOf(request).username;
      const id = await addAnnouncement(db, request.body, username, timeZone);
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    `${BASE}/edit`,
    {
      config: { access: permission('notice:edit'), dataScope },
      schema: { body: ANNOUNCEMENT_EDIT_BODY },
    },
    async (request) => {
      const username = principalOf(request).username;
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editAnnouncement(db, id, request.body, username, timeZone);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'notice:delete', batch: 'notice:deleteBatch' },
    entity: ANNOUNCEMENT_SCOPE,
    remove: (ids) => deleteAnnouncements(db, ids),
  });

  app.get(
    `${BASE}/doReleaseData`,
    {
      config: { access: permission('notice:release'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.query.id));
      await releaseAndNotify(ctx, id, principalOf(request).username);
      return ok(null, MSG_RELEASED);
    },
  );

  app.get(
    `${BASE}/doReovkeData`,
    {
      config: { access: permission('notice:revoke'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.query.id));
      ctx.notices.publish(await revokeAnnouncement(db, id), { cmd: NoticeCmd.REFRESH });
      return ok(null, MSG_REVOKED);
    },
  );

  app.get(`${BASE}/listByUser`, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await inboxOf(db, principalOf(request).userId, timeZone)),
  );

  app.put(
    '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    { config: { access: SIGNED_IN }, schema: { body: MARK_READ_BODY } },
    async (request) => {
      await markRead(db, request.body.anntId, principalOf(request).userId);
      return ok(null, '操作成功!');
    },
  );

  await announcementExcelRoutes(server, ctx);
  await noticeRoutes(server, ctx);
}
