import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/password';
import { permission, SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
  parseOptionalId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { addUser, checkNewUser, editUser } from './crud';
import { pageWithDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { listUsers, loadUserRecord, USER_DICT_FIELDS, USER_LIST_ENTITY, USER_SCOPE } from './list';
import { departOptionsOf, roleIdsOf, usernameTaken } from './record';
import {
  ADD_BODY,
  CHECK_ONLY_USER_QUERY,
  EDIT_BODY,
  USER_ID_QUERY,
  USER_LIST_QUERY,
  USERID_QUERY,
} from './schemas';
import { actorOf } from './scope';
import { MSG_USERNAME_TAKEN } from './uniques';
import { checkNewPassword } from './validate';

/**
 * 用户管理 (docs/system-api.md, Users): the list, one user, add and edit, and the lookups of
 * the edit form. Writes publish `{kind: 'user'}` so the user's cached codes are read again.
 * Every route of the screen reads and writes within the caller's row scope on users.
 */

const dataScope = scoped(USER_SCOPE);

export const MSG_VALUE_FREE = '该值可用！';

export async function userAdminRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const dictionaries = dictLookup(db, ctx.dicts);

  app.get(
    '/sys/user/list',
    {
      config: { access: permission('user:list'), dataScope },
      schema: { querystring: USER_LIST_QUERY },
    },
    async (request) => {
      const source = {
        departId: parseOptionalId(request.query.departId, 'departId'),
        scope: rowScope(request),
      };
      const page = await listUsers(db, request.query, USER_LIST_ENTITY, source, { timeZone });
      return ok(await pageWithDictTexts(page, USER_DICT_FIELDS, dictionaries));
    },
  );

  app.get(
    '/sys/user/queryById',
    { config: { access: permission('user:list'), dataScope }, schema: { querystring: ID_QUERY } },
    async (request) => {
      const id = parseId(request.query.id);
      const user = await loadUserRecord(db, id, timeZone);
      if (!user) throw failure(MSG_NOT_FOUND);
      await rowScope(request).checkOne(id);
      const [roles, departs] = await Promise.all([roleIdsOf(db, id), departOptionsOf(db, id)]);
      return ok({
        ...user,
        selectedroles: roles.join(','),
        selecteddeparts: departs.map((d) => d.key).join(','),
      });
    },
  );

  app.post(
    '/sys/user/add',
    {
      config: { access: permission('user:add'), secure: true, dataScope: noRowScope('只新增记录') },
      schema: { body: ADD_BODY },
    },
    async (request) => {
      const user = checkNewUser(request.body);
      const password = checkNewPassword(request.body.password, request.body.confirmpassword);
      const id = await addUser(db, user, await hashPassword(password), actorOf(request));
      await bus.publish({ kind: 'user', userId: id });
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    '/sys/user/edit',
    { config: { access: permission('user:edit'), dataScope }, schema: { body: EDIT_BODY } },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      const { frozen } = await editUser(db, id, request.body, actorOf(request));
      // revokeUser publishes the user event itself.
      if (frozen) await ctx.sessions.revokeUser(id);
      else await bus.publish({ kind: 'user', userId: id });
      return ok(null, MSG_EDITED);
    },
  );

  app.get(
    '/sys/user/checkOnlyUser',
    { config: { access: SIGNED_IN }, schema: { querystring: CHECK_ONLY_USER_QUERY } },
    async (request) => {
      const { username, id } = request.query;
      const except = parseOptionalId(id);
      if (await usernameTaken(db, username.trim(), except)) throw failure(MSG_USERNAME_TAKEN);
      return ok(null, MSG_VALUE_FREE);
    },
  );

  app.get(
    '/sys/user/queryUserRole',
    {
      config: { access: permission('user:list'), dataScope },
      schema: { querystring: USERID_QUERY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.query.userid, 'userid'));
      return ok(await roleIdsOf(db, id));
    },
  );

  app.get(
    '/sys/user/userDepartList',
    {
      config: { access: permission('user:list'), dataScope },
      schema: { querystring: USER_ID_QUERY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.query.userId, 'userId'));
      return ok(await departOptionsOf(db, id));
    },
  );
}
