import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { PageApiPath } from '../../../src/contracts/page-api';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { parseOptionalId } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { grantDuplicateCheck } from '../dict/table-access';
import { checkRuleAdminRoutes } from './admin-routes';
import { MSG_RULE_NOT_FOUND, checkValue } from './check-rule';
import {
  MSG_EMPTY_VALUE,
  MSG_FIELD_NOT_ALLOWED,
  MSG_VALUE_FREE,
  MSG_VALUE_TAKEN,
  checkedTableName,
  countHolders,
  resolveTarget,
} from './duplicate';

/** Form checks the server decides: unique values and code rules. */

const DUPLICATE_QUERY = Type.Object({
  tableName: Type.String({ maxLength: 100 }),
  fieldName: Type.String({ maxLength: 100 }),
  fieldVal: Type.Optional(Type.String({ maxLength: 4000 })),
  dataId: Type.Optional(Type.String({ maxLength: 64 })),
});

const RULE_QUERY = Type.Object({
  ruleCode: Type.String({ maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 500 })),
});

export async function checkRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const deps = { pages: ctx.pages, timeZone: ctx.config.timeZone };
  /** Whether a table is a page's (its own or a detail table). */
  const isPageTable = async (table: string | null) =>
    table !== null &&
    (await ctx.pages.tables()).some((p) => p.table?.name === table || p.details.includes(table));

  app.get(
    PageApiPath.duplicateCheck,
    { config: { access: SIGNED_IN }, schema: { querystring: DUPLICATE_QUERY } },
    async (request, reply) => {
      const { tableName, fieldName, fieldVal, dataId } = request.query;
      if (fieldVal === undefined || fieldVal === '') {
        // The reference system's shape: success, but code 500 (nothing was checked).
        return reply.send({ ...ok(null, MSG_EMPTY_VALUE), code: 500 });
      }
      const except = parseOptionalId(dataId, 'dataId');
      // A page table: only a caller who may list the page learns anything, even of its columns.
      const table = checkedTableName(tableName);
      const rows = (await isPageTable(table))
        ? await grantDuplicateCheck(deps, request, table!)
        : null;
      const target = await resolveTarget(ctx.db, ctx.pages, tableName, fieldName);
      if (!target) throw new AppError(MSG_FIELD_NOT_ALLOWED);
      const holders = await countHolders(ctx.db, target, fieldVal, except, rows);
      if (holders > 0) throw new AppError(MSG_VALUE_TAKEN);
      return ok(null, MSG_VALUE_FREE);
    },
  );

  app.get(
    PageApiPath.checkRule,
    { config: { access: SIGNED_IN }, schema: { querystring: RULE_QUERY } },
    async (request) => {
      const rule = await ctx.db
        .selectFrom('sys_check_rule')
        .select(['ruleName', 'ruleJson'])
        .where('ruleCode', '=', request.query.ruleCode)
        .executeTakeFirst();
      if (!rule) throw new AppError(MSG_RULE_NOT_FOUND);
      checkValue(rule, request.query.value ?? '');
      return ok(null);
    },
  );

  await checkRuleAdminRoutes(server, ctx);
}
