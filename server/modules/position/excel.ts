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
import { addPosition, POSITION_ADD_BODY } from './crud';
import { listPositions, POSITION_SCOPE } from './list';

/** 职务管理 spreadsheets: the list's rows out, rows saved as `add` saves them in. */

const TITLE = '职务信息';

export const POSITION_COLUMNS: readonly SheetColumn[] = [
  { name: 'code', label: '职务编码' },
  { name: 'name', label: '职务名称' },
  { name: 'postRank', label: '职级', dictCode: 'position_rank' },
  { name: 'sysOrgCode', label: '所属部门编码' },
  { name: 'createTime', label: '创建时间', exportOnly: true },
];

const LABELS = Object.fromEntries(POSITION_COLUMNS.map((c) => [c.name, c.label]));

export async function positionExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/position/exportXls',
    {
      config: { access: permission('position:export'), dataScope: scoped(POSITION_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: TITLE,
        columns: POSITION_COLUMNS,
        dicts: ctx.dicts,
        fetch: async (params) => (await listPositions(db, params, scope, { timeZone })).records,
        query: request.query,
      });
    },
  );

  app.post(
    '/sys/position/importExcel',
    { config: { access: permission('position:import'), dataScope: noRowScope('导入只新增记录') } },
    async (request) => {
      const { username, orgCode } = principalOf(request);
      return withUploadedFile(request, (file) =>
        importRecords({
          db,
          file,
          title: TITLE,
          columns: POSITION_COLUMNS,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save: async (record, tx) => {
            assertRow(request, POSITION_ADD_BODY, record, LABELS);
            await addPosition(tx, record, { username, orgCode });
          },
        }),
      );
    },
  );
}
