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
import { addDict, DICT_ADD_BODY } from './crud';
import { DICT_SCOPE, listDicts } from './list';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';

/**
 * 数据字典 spreadsheets: one sheet of dictionaries (name, code, description; items are edited
 * on screen). The export reads the list function (filters, sort, selections); each imported
 * row is checked as `/sys/dict/add` checks its body and saved by its add function.
 */

const TITLE = '数据字典';

export const DICT_COLUMNS: readonly SheetColumn[] = [
  { name: 'dictName', label: '字典名称' },
  { name: 'dictCode', label: '字典编码' },
  { name: 'description', label: '描述' },
];

const LABELS = Object.fromEntries(DICT_COLUMNS.map((c) => [c.name, c.label]));

/** The constraints of `/sys/dict/add`'s body (crud.ts) on the imported columns. */
const ROW_SCHEMA = Type.Pick(DICT_ADD_BODY, ['dictName', 'dictCode', 'description']);

export async function dictExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/dict/exportXls',
    {
      config: { access: permission('dict:export'), dataScope: scoped(DICT_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: TITLE,
        columns: DICT_COLUMNS,
        dicts: ctx.dicts,
        // Spread: the row interface becomes a plain object type the exporter takes.
        fetch: async (params) =>
          (await listDicts(db, params, scope, { timeZone })).records.map((r) => ({ ...r })),
        query: request.query,
      });
    },
  );

  app.post(
    '/sys/dict/importExcel',
    { config: { access: permission('dict:import'), dataScope: noRowScope('导入只新增记录') } },
    async (request) => {
      const username = principalOf(request).username;
      let added = 0;
      try {
        return await withUploadedFile(request, (file) =>
          importRecords({
            db,
            file,
            title: TITLE,
            columns: DICT_COLUMNS,
            dicts: ctx.dicts,
            filesDir: ctx.config.filesDir,
            save: async (record, tx) => {
              assertRow(request, ROW_SCHEMA, record, LABELS);
              await addDict(tx, record, username);
              added++;
            },
          }),
        );
      } finally {
        if (added > 0) await ctx.bus.publish({ kind: 'dict' });
      }
    },
  );
}
