import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { LIST_QUERY } from '../../http/request-schemas';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords } from '../../http/sheet/records-import';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { assertRow } from '../../http/record-schema';
import { ANNOUNCEMENT_SCOPE, listAnnouncements } from './rows';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import { addAnnouncement, ANNOUNCEMENT_ADD_BODY } from './store';

/**
 * 系统通告 spreadsheets. The export reads the list function (filters, sort, selections); each
 * imported row is checked as `/sys/annountCement/add` checks its body and saved by its add
 * function, which cleans the content and titles and checks the times (a draft, unreleased).
 */

const TITLE = '系统通告';

export const ANNOUNCEMENT_COLUMNS: readonly SheetColumn[] = [
  { name: 'titile', label: '标题' },
  { name: 'msgCategory', label: '消息类型', dictCode: 'msg_category' },
  { name: 'startTime', label: '开始时间', type: 'datetime' },
  { name: 'endTime', label: '结束时间', type: 'datetime' },
  { name: 'priority', label: '优先级', dictCode: 'priority' },
  { name: 'msgType', label: '通告对象类型', dictCode: 'msg_type' },
  { name: 'msgAbstract', label: '摘要' },
  { name: 'msgContent', label: '内容' },
];

const LABELS = Object.fromEntries(ANNOUNCEMENT_COLUMNS.map((c) => [c.name, c.label]));

/** The constraints of `/sys/annountCement/add`'s body (store.ts) on the imported columns. */
const ROW_SCHEMA = Type.Pick(ANNOUNCEMENT_ADD_BODY, [
  'titile',
  'msgContent',
  'msgAbstract',
  'startTime',
  'endTime',
  'priority',
  'msgCategory',
  'msgType',
]);

export async function announcementExcelRoutes(
  server: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/annountCement/exportXls',
    {
      config: { access: permission('notice:export'), dataScope: scoped(ANNOUNCEMENT_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: TITLE,
        columns: ANNOUNCEMENT_COLUMNS,
        dicts: ctx.dicts,
        // Spread: the row interface becomes a plain object type the exporter takes.
        fetch: async (params) =>
          (await listAnnouncements(db, params, scope, { timeZone })).records.map((r) => ({
            ...r,
          })),
        query: request.query,
      });
    },
  );

  app.post(
    '/sys/annountCement/importExcel',
    { config: { access: permission('notice:import'), dataScope: noRowScope('导入只新增记录') } },
    async (request) => {
      const username = principalOf(request).username;
      return withUploadedFile(request, (file) =>
        importRecords({
          db,
          file,
          title: TITLE,
          columns: ANNOUNCEMENT_COLUMNS,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save: async (record, tx) => {
            assertRow(request, ROW_SCHEMA, record, LABELS);
            await addAnnouncement(tx, record, username, timeZone);
          },
        }),
      );
    },
  );
}
