import type { FastifyInstance } from 'fastify';
import { LIST_QUERY } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import { permission, principalOf } from '../../http/access';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords, type ImportedRecord } from '../../http/sheet/records-import';
import type { SheetColumn } from '../../http/sheet/columns';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { addRole } from './crud';
import { listRoles, ROLE_SCOPE } from './list';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';

/**
 * 角色管理 export and import. The export's header is the import's template; imported rows
 * are saved by `addRole`, so they meet the same checks as 添加.
 */

export const ROLE_SHEET_TITLE = '角色列表';

export const ROLE_COLUMNS: readonly SheetColumn[] = [
  { name: 'roleName', label: '角色名称' },
  { name: 'roleCode', label: '角色编码' },
  { name: 'description', label: '描述' },
];

function text(record: ImportedRecord, name: string): string {
  const value = record[name];
  return value === undefined ? '' : String(value);
}

export async function roleExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/role/exportXls',
    {
      config: { access: permission('role:export'), dataScope: scoped(ROLE_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: ROLE_SHEET_TITLE,
        columns: ROLE_COLUMNS,
        dicts: ctx.dicts,
        query: request.query,
        fetch: async (params) => (await listRoles(db, params, scope, { timeZone })).records,
      });
    },
  );

  app.post(
    '/sys/role/importExcel',
    { config: { access: permission('role:import'), dataScope: noRowScope('导入只新增记录') } },
    async (request) => {
      const username = principalOf(request).username;
      return withUploadedFile(request, (file) =>
        importRecords({
          db,
          file,
          title: ROLE_SHEET_TITLE,
          columns: ROLE_COLUMNS,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save: async (record, tx) => {
            const description = text(record, 'description');
            await addRole(
              tx,
              {
                roleName: text(record, 'roleName'),
                roleCode: text(record, 'roleCode'),
                description: description === '' ? null : description,
              },
              username,
            );
          },
        }),
      );
    },
  );
}
