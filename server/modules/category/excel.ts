import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../db/index';
import { permission, principalOf } from '../../http/access';
import { failure } from '../../http/errors';
import { clip } from '../../http/list-conditions';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords } from '../../http/sheet/records-import';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { LIST_QUERY } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import { assertRow } from '../../http/record-schema';
import { rowScope, scoped } from '../../http/row-scope';
import { addCategory, CATEGORY_ADD_BODY, idOfCode } from './crud';
import { CATEGORY_SCOPE, listCategories, ROOT_PID, type CategoryRow } from './list';

/**
 * 分类字典 spreadsheets. The export lists every level (parents first: rows sort by code) with
 * the parent's code. The import gives each row a new code, as `add` does, below the parent
 * `父级编码` names: a `分类编码` of an earlier row of the same file (so an exported tree comes
 * back whole, under its new codes), else a code already in the tree.
 */

const TITLE = '分类字典';

export const CATEGORY_COLUMNS: readonly SheetColumn[] = [
  { name: 'name', label: '分类名称' },
  /** On import only a reference for later rows' 父级编码; the saved code is generated. */
  { name: 'code', label: '分类编码' },
  { name: 'parentCode', label: '父级编码' },
  { name: 'createTime', label: '创建时间', exportOnly: true },
];

const LABELS = Object.fromEntries(CATEGORY_COLUMNS.map((c) => [c.name, c.label]));

const ROW_SCHEMA = Type.Object({
  name: CATEGORY_ADD_BODY.properties.name,
  code: Type.Optional(Type.String({ maxLength: 100 })),
  parentCode: Type.Optional(Type.String({ maxLength: 100 })),
});

export const msgParentCodeMissing = (code: string) => `父级编码“${clip(code)}”不存在`;

/** The rows with their parent's code (`parentCode`, empty at the top level). */
async function withParentCodes(db: Db, rows: readonly CategoryRow[]) {
  const pids = [...new Set(rows.map((r) => r.pid))].filter((pid) => pid !== ROOT_PID);
  const parents =
    pids.length === 0
      ? []
      : await db
          .selectFrom('sys_category')
          .select(['id', 'code'])
          .where('id', 'in', pids)
          .execute();
  const codes = new Map(parents.map((p) => [p.id, p.code]));
  return rows.map((r) => ({ ...r, parentCode: codes.get(r.pid) ?? '' }));
}

export async function categoryExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/category/exportXls',
    {
      config: { access: permission('category:export'), dataScope: scoped(CATEGORY_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: TITLE,
        columns: CATEGORY_COLUMNS,
        dicts: ctx.dicts,
        fetch: async (params) => {
          const page = await listCategories(db, params, scope, { timeZone, everyLevel: true });
          return withParentCodes(db, page.records);
        },
        query: request.query,
      });
    },
  );

  app.post(
    '/sys/category/importExcel',
    // Rows go below parents inside the caller's scope, as `add` puts them.
    { config: { access: permission('category:import'), dataScope: scoped(CATEGORY_SCOPE) } },
    async (request) => {
      const { username, orgCode } = principalOf(request);
      const scope = rowScope(request);
      /** 分类编码 of the file's rows → the ids their rows got. */
      const imported = new Map<string, string>();
      return withUploadedFile(request, (file) =>
        importRecords({
          db,
          file,
          title: TITLE,
          columns: CATEGORY_COLUMNS,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save: async (record, tx) => {
            assertRow(request, ROW_SCHEMA, record, LABELS);
            const parentCode = String(record.parentCode ?? '').trim();
            let pid = ROOT_PID;
            if (parentCode !== '') {
              pid = imported.get(parentCode) ?? (await idOfCode(tx, parentCode)) ?? '';
              if (pid === '') throw failure(msgParentCodeMissing(parentCode));
            }
            const by = { username, orgCode };
            const id = await addCategory(tx, { name: String(record.name), pid }, by, scope);
            const fileCode = String(record.code ?? '').trim();
            if (fileCode !== '') imported.set(fileCode, id);
          },
        }),
      );
    },
  );
}
