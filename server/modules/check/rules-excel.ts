import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords } from '../../http/sheet/records-import';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { LIST_QUERY } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import { assertRow } from '../../http/record-schema';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { addCheckRule, CHECK_RULE_ADD_BODY } from './rules-crud';
import { CHECK_RULE_SCOPE, listCheckRules } from './rules-list';

/** 校验规则 spreadsheets: the list's rows out, rows saved as `add` saves them in. */

const TITLE = '校验规则';

export const CHECK_RULE_COLUMNS: readonly SheetColumn[] = [
  { name: 'ruleName', label: '规则名称' },
  { name: 'ruleCode', label: '规则编码' },
  { name: 'ruleJson', label: '规则JSON' },
  { name: 'ruleDescription', label: '规则描述' },
  { name: 'createTime', label: '创建时间', exportOnly: true },
];

const LABELS = Object.fromEntries(CHECK_RULE_COLUMNS.map((c) => [c.name, c.label]));

export async function checkRuleExcelRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/checkRule/exportXls',
    {
      config: { access: permission('checkRule:export'), dataScope: scoped(CHECK_RULE_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: TITLE,
        columns: CHECK_RULE_COLUMNS,
        dicts: ctx.dicts,
        fetch: async (params) => (await listCheckRules(db, params, scope, { timeZone })).records,
        query: request.query,
      });
    },
  );

  app.post(
    '/sys/checkRule/importExcel',
    {
      config: { access: permission('checkRule:import'), dataScope: noRowScope('导入只新增记录') },
    },
    async (request) => {
      const username = principalOf(request).username;
      return withUploadedFile(request, (file) =>
        importRecords({
          db,
          file,
          title: TITLE,
          columns: CHECK_RULE_COLUMNS,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save: async (record, tx) => {
            assertRow(request, CHECK_RULE_ADD_BODY, record, LABELS);
            await addCheckRule(tx, record, username);
          },
        }),
      );
    },
  );
}
