import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { ListParams } from '../../http/list-query';
import {
  ID_QUERY,
  ID_SCHEMA,
  MSG_ADDED,
  MSG_DELETED,
  MSG_EDITED,
  parseId,
} from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { withDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { MENU_RULE_SCOPE, MENU_SCOPE } from './menu-record';
import {
  addRule,
  deleteRule,
  editRule,
  menuRules,
  RULE_ADD_BODY,
  RULE_DICT_FIELDS,
  RULE_EDIT_BODY,
} from './rule-store';

/**
 * 菜单管理 → 数据规则 (`permission:dataRule`). Every change publishes `permissions`: the
 * principals of the users whose roles chose a rule cache it. The menu (or the rule's menu)
 * must be inside the caller's row scope on 菜单管理.
 */

/**
 * The rules of a menu: `permissionId` and the list parameters (sort), which the schema leaves
 * to the list translator (it refuses unknown names itself).
 */
const PERMISSION_QUERY = Type.Object({ permissionId: ID_SCHEMA });

export async function ruleRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;
  const access = {
    access: permission('permission:dataRule'),
    dataScope: scoped(MENU_SCOPE, MENU_RULE_SCOPE),
  };
  const changed = () => bus.publish({ kind: 'permissions' });
  const dictionaries = dictLookup(db, ctx.dicts);
  const menuOf = (request: FastifyRequest, raw: string) =>
    rowScope(request, MENU_SCOPE).checkOne(parseId(raw, 'permissionId'));
  const ruleOf = (request: FastifyRequest, raw: string) =>
    rowScope(request, MENU_RULE_SCOPE).checkOne(parseId(raw));

  const listRules = async (
    request: FastifyRequest,
    query: ListParams & { permissionId: string },
  ) => {
    const rules = await menuRules(db, await menuOf(request, query.permissionId), query, {
      timeZone,
    });
    return ok(await withDictTexts(rules, RULE_DICT_FIELDS, dictionaries));
  };

  app.get(
    '/sys/permission/getPermRuleListByPermId',
    { config: access, schema: { querystring: PERMISSION_QUERY } },
    async (request) => listRules(request, request.query),
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    { config: access, schema: { querystring: PERMISSION_QUERY } },
    async (request) => listRules(request, request.query),
  );

  app.post(
    '/sys/permission/addPermissionRule',
    { config: access, schema: { body: RULE_ADD_BODY } },
    async (request) => {
      const { body } = request;
      const menuId = await menuOf(request, body.permissionId);
      const id = await addRule(db, menuId, body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: access,
    schema: { body: RULE_EDIT_BODY },
    handler: async (request) => {
      const id = await ruleOf(request, request.body.id);
      await editRule(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  });

  app.delete(
    '/sys/permission/deletePermissionRule',
    { config: access, schema: { querystring: ID_QUERY } },
    async (request) => {
      await deleteRule(db, await ruleOf(request, request.query.id));
      await changed();
      return ok(null, MSG_DELETED);
    },
  );
}
