import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { AppContext } from '../../context';
import { withDictTexts } from '../dict/dict-text';
import { dictLookup } from '../dict/lookup';
import { MENU_RULE_SCOPE, MENU_SCOPE } from './menu-record';
import {
  addRule,
  deleteRule,
  editRule,
  menuRules,
  RULE_DICT_FIELDS,
  type RuleInput,
} from './rule-store';

/**
 * 菜单管理 → 数据规则 (`permission:dataRule`). Every change publishes `permissions`: the
 * principals of the users whose roles chose a rule cache it. The menu (or the rule's menu)
 * must be inside the caller's row scope on 菜单管理.
 */

const ruleProperties = {
  ruleName: { type: 'string', minLength: 1, maxLength: 50 },
  // Checked by ruleProblem, so a USE_SQL_RULES rule (which has no column) meets its message.
  ruleColumn: { type: ['string', 'null'], maxLength: 50 },
  ruleConditions: { type: 'string', minLength: 1, maxLength: 50 },
  ruleValue: { type: 'string', maxLength: 300 },
  status: { type: 'string', enum: ['0', '1'] },
} as const;

const RULE_REQUIRED = ['ruleName', 'ruleConditions', 'ruleValue'];

const permissionQuery = {
  type: 'object',
  required: ['permissionId'],
  properties: { permissionId: ID_SCHEMA },
} as const;

export async function ruleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

  app.get<{ Querystring: { permissionId: string } }>(
    '/sys/permission/getPermRuleListByPermId',
    { config: access, schema: { querystring: permissionQuery } },
    async (request) => listRules(request, request.query),
  );

  app.get<{ Querystring: { permissionId: string } }>(
    '/sys/permission/queryPermissionRule',
    { config: access, schema: { querystring: permissionQuery } },
    async (request) => listRules(request, request.query),
  );

  app.post<{ Body: RuleInput & { permissionId: string } }>(
    '/sys/permission/addPermissionRule',
    {
      config: access,
      schema: {
        body: {
          type: 'object',
          required: ['permissionId', ...RULE_REQUIRED],
          properties: { permissionId: ID_SCHEMA, ...ruleProperties },
        },
      },
    },
    async (request) => {
      const { body } = request;
      const menuId = await menuOf(request, body.permissionId);
      const id = await addRule(db, menuId, body, principalOf(request).username);
      await changed();
      return ok(id, MSG_ADDED);
    },
  );

  app.route<{ Body: RuleInput & { id: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: access,
    schema: {
      body: {
        type: 'object',
        required: ['id', ...RULE_REQUIRED],
        // permissionId is accepted and ignored: a rule stays on its menu.
        properties: { id: ID_SCHEMA, permissionId: ID_SCHEMA, ...ruleProperties },
      },
    },
    handler: async (request) => {
      const id = await ruleOf(request, request.body.id);
      await editRule(db, id, request.body, principalOf(request).username);
      await changed();
      return ok(null, MSG_EDITED);
    },
  });

  app.delete<{ Querystring: { id: string } }>(
    '/sys/permission/deletePermissionRule',
    { config: access, schema: { querystring: ID_QUERY } },
    async (request) => {
      await deleteRule(db, await ruleOf(request, request.query.id));
      await changed();
      return ok(null, MSG_DELETED);
    },
  );
}
