import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { permission, principalOf } from '../../http/access';
import { failure } from '../../http/errors';
import type { ListParams } from '../../http/list-query';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords, type ImportedRecord } from '../../http/sheet/records-import';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { addDepart } from './crud';
import { checkedInput } from './input';
import { DEPART_SCOPE, listDeparts } from './list';
import { LIST_QUERY } from '../../http/request-schemas';
import { rowScope, scoped, type RowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';

/**
 * 部门管理 → 导出 / 导入. The export is the import template. A row names its parent by org
 * code in 上级部门编码 (blank = top level): the 部门编码 of a row earlier in the same file, else
 * an existing department. Each row is saved as 添加 saves it, so its own code is generated;
 * the file's 部门编码 only lets later rows hang below it. The export lists parents before
 * their children (org code order, unless the request sorts otherwise), so an exported
 * subtree imports as a copy of itself.
 */

const TITLE = '部门列表';

export const DEPART_SHEET: readonly SheetColumn[] = [
  { name: 'departName', label: '部门名称' },
  { name: 'parentOrgCode', label: '上级部门编码' },
  { name: 'orgCode', label: '部门编码' },
  { name: 'orgCategory', label: '机构类别', dictCode: 'org_category' },
  { name: 'departOrder', label: '排序', type: 'integer' },
  { name: 'mobile', label: '手机号' },
  { name: 'fax', label: '传真' },
  { name: 'address', label: '地址' },
  { name: 'memo', label: '备注' },
  { name: 'status', label: '状态', dictCode: 'depart_status' },
];

export const msgParentCodeMissing = (code: string) => `上级部门编码“${code}”不存在`;

type SheetRow = Readonly<Record<string, unknown>>;

/** One page of the export: the list (every level) plus each row's parent org code. */
async function exportPage(
  db: Db,
  params: ListParams,
  scope: RowScope,
  timeZone: string,
): Promise<SheetRow[]> {
  const sorted =
    params.column === undefined ? { ...params, column: 'orgCode', order: 'asc' } : params;
  const { records } = await listDeparts(db, sorted, scope, { timeZone, everyLevel: true });
  const parentIds = [...new Set(records.map((r) => r.parentId).filter((id) => id !== null))];
  const parents =
    parentIds.length === 0
      ? []
      : await db
          .selectFrom('sys_depart')
          .select(['id', 'orgCode'])
          .where('id', 'in', parentIds)
          .execute();
  const codeOf = new Map(parents.map((p) => [p.id, p.orgCode]));
  return records.map((r) => ({
    ...r,
    parentOrgCode: r.parentId ? (codeOf.get(r.parentId) ?? null) : null,
  }));
}

async function departIdByCode(db: Db, orgCode: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sys_depart')
    .select('id')
    .where('orgCode', '=', orgCode)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  return row?.id;
}

/** The save function of one import: remembers the file's codes for the rows after. */
function importSaver(username: string, scope: RowScope) {
  const createdByFileCode = new Map<string, string>();
  return async (record: ImportedRecord, db: Db): Promise<void> => {
    const input = checkedInput(record);
    const parentCode = String(record.parentOrgCode ?? '').trim();
    let parentId: string | null = null;
    if (parentCode) {
      parentId =
        createdByFileCode.get(parentCode) ?? (await departIdByCode(db, parentCode)) ?? null;
      if (!parentId) throw failure(msgParentCodeMissing(parentCode));
    }
    const { id } = await addDepart(db, { ...input, parentId }, username, scope);
    const fileCode = String(record.orgCode ?? '').trim();
    if (fileCode) createdByFileCode.set(fileCode, id);
  };
}

export async function departExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/sysDepart/exportXls',
    {
      config: { access: permission('depart:export'), dataScope: scoped(DEPART_SCOPE) },
      schema: { querystring: LIST_QUERY },
    },
    async (request, reply) => {
      const scope = rowScope(request);
      return sendRecords(reply, {
        title: TITLE,
        columns: DEPART_SHEET,
        dicts: ctx.dicts,
        fetch: (params) => exportPage(db, params, scope, timeZone),
        query: request.query,
      });
    },
  );

  app.post(
    '/sys/sysDepart/importExcel',
    // New departments go below parents inside the caller's scope, as `add` puts them.
    { config: { access: permission('depart:import'), dataScope: scoped(DEPART_SCOPE) } },
    async (request) => {
      const save = importSaver(principalOf(request).username, rowScope(request));
      return withUploadedFile(request, (file) =>
        importRecords({
          db,
          file,
          title: TITLE,
          columns: DEPART_SHEET,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save,
        }),
      );
    },
  );
}
