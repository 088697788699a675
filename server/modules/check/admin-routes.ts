import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  LIST_QUERY,
  MSG_ADDED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  parseId,
} from '../../http/request-schemas';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import {
  addCheckRule,
  CHECK_RULE_ADD_BODY,
  CHECK_RULE_EDIT_BODY,
  deleteCheckRules,
  editCheckRule,
} from './rules-crud';
import { checkRuleExcelRoutes } from './rules-excel';
import { CHECK_RULE_SCOPE, checkRuleById, listCheckRules } from './rules-list';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * 校验规则 screen (jeecg-api.md §4.12): `checkRule:list` reads, `checkRule:add|edit|delete|
 * deleteBatch` write, `checkRule:export|import` move spreadsheets. Evaluating a rule
 * (`checkByCode`, any signed-in user) stays in routes.ts. Reads and writes stay within the
 * caller's row scope on 校验规则.
 */

const BASE = '/sys/checkRule';
const dataScope = scoped(CHECK_RULE_SCOPE);

export async function checkRuleAdminRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    `${BASE}/list`,
    {
      config: { access: permission('checkRule:list'), dataScope },
      schema: { querystring: LIST_QUERY },
    },
    async (request) => ok(await listCheckRules(db, request.query, rowScope(request), { timeZone })),
  );

  app.get(
    `${BASE}/queryById`,
    {
      config: { access: permission('checkRule:list'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const id = parseId(request.query.id);
      const row = await checkRuleById(db, id, rowScope(request), timeZone);
      if (!row) throw failure(MSG_NOT_FOUND);
      return ok(row);
    },
  );

  app.post(
    `${BASE}/add`,
    {
      config: { access: permission('checkRule:add'), dataScope: noRowScope('只新增记录') },
      schema: { body: CHECK_RULE_ADD_BODY },
    },
    async (request) =>
      ok(await addCheckRule(db, request.body, principalOf(request).username), MSG_ADDED),
  );

  app.put(
    `${BASE}/edit`,
    {
      config: { access: permission('checkRule:edit'), dataScope },
      schema: { body: CHECK_RULE_EDIT_BODY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editCheckRule(db, id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'checkRule:delete', batch: 'checkRule:deleteBatch' },
    entity: CHECK_RULE_SCOPE,
    remove: (ids) => deleteCheckRules(db, ids),
  });

  await checkRuleExcelRoutes(server, ctx);
}
