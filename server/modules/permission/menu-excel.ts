import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { LIST_QUERY } from '../../http/request-schemas';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords, type ImportedRecord } from '../../http/sheet/records-import';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { addMenu } from './menu-crud';
import type { MenuInput } from './menu-input';
import { listMenusFlat } from './menu-list';
import { MENU_SCOPE } from './menu-record';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';

/**
 * 菜单管理 export and import. The export (every level, flat, filtered like the list) is the
 * import's template; 上级菜单ID names an existing parent. Imported rows are saved by
 * `addMenu`, so they meet the same checks as 添加.
 */

export const MENU_SHEET_TITLE = '菜单列表';

const YES_NO = [
  { value: 'true', text: '是' },
  { value: 'false', text: '否' },
];

export const MENU_COLUMNS: readonly SheetColumn[] = [
  { name: 'name', label: '菜单名称' },
  { name: 'menuType', label: '菜单类型', dictCode: 'menu_type' },
  { name: 'parentId', label: '上级菜单ID' },
  { name: 'url', label: '路径' },
  { name: 'component', label: '组件' },
  { name: 'componentName', label: '组件名称' },
  { name: 'redirect', label: '重定向' },
  { name: 'perms', label: '权限编码' },
  { name: 'permsType', label: '权限策略', dictCode: 'perms_type' },
  { name: 'sortNo', label: '排序', type: 'number' },
  { name: 'icon', label: '图标' },
  { name: 'hidden', label: '隐藏', options: YES_NO },
  { name: 'status', label: '状态', dictCode: 'status' },
  // Shown so a sheet can name rows as parents; a new row gets a new id.
  { name: 'id', label: '菜单ID', exportOnly: true },
];

function text(record: ImportedRecord, name: string): string | null {
  const value = record[name];
  return value === undefined || value === '' ? null : String(value);
}

/** A sheet row as add takes it (an absent or unknown type is refused by the checks). */
export function menuInputOf(record: ImportedRecord): MenuInput {
  const hidden = text(record, 'hidden');
  const sortNo = record.sortNo;
  return {
    name: text(record, 'name') ?? '',
    menuType: Number(text(record, 'menuType') ?? Number.NaN),
    parentId: text(record, 'parentId'),
    url: text(record, 'url'),
    component: text(record, 'component'),
    componentName: text(record, 'componentName'),
    redirect: text(record, 'redirect'),
    perms: text(record, 'perms'),
    permsType: text(record, 'permsType') ?? undefined,
    sortNo: typeof sortNo === 'number' ? sortNo : undefined,
    icon: text(record, 'icon'),
    hidden: hidden === null ? undefined : hidden === 'true',
    status: text(record, 'status') ?? undefined,
  };
}

export async function menuExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, bus } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/permission/exportXls',
    {
      config: { access: permission('permission:export'), dataScope: scoped(MENU_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: MENU_SHEET_TITLE,
        columns: MENU_COLUMNS,
        dicts: ctx.dicts,
        query: request.query,
        fetch: async (params) => (await listMenusFlat(db, params, scope, { timeZone })).records,
      });
    },
  );

  app.post(
    '/sys/permission/importExcel',
    {
      config: { access: permission('permission:import'), dataScope: noRowScope('导入只新增记录') },
    },
    async (request) => {
      const username = principalOf(request).username;
      try {
        return await withUploadedFile(request, (file) =>
          importRecords({
            db,
            file,
            title: MENU_SHEET_TITLE,
            columns: MENU_COLUMNS,
            dicts: ctx.dicts,
            filesDir: ctx.config.filesDir,
            save: async (record, tx) => {
              await addMenu(tx, menuInputOf(record), username);
            },
          }),
        );
      } finally {
        // Rows may have been saved even when the answer is a refusal.
        await bus.publish({ kind: 'permissions' });
      }
    },
  );
}
