import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/index';
import { permission } from '../../http/access';
import type { SheetColumn } from '../../http/sheet/columns';
import { sendRecords } from '../../http/sheet/records-export';
import { importRecords, type ImportedRecord } from '../../http/sheet/records-import';
import { withUploadedFile } from '../../http/upload';
import type { AppContext } from '../../context';
import { addUser, checkNewUser } from './crud';
import { listUsers, USER_LIST_ENTITY, USER_SCOPE } from './list';
import { USER_LIST_QUERY } from './schemas';
import { actorOf } from './scope';
import { noRowScope, rowScope, scoped } from '../../http/row-scope';
import { parseOptionalId } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import { departLookup, roleCodesOf, roleLookup } from './sheet-lookups';
import type { UserInput } from './validate';

/**
 * 用户管理 → 导出 / 导入. The export is the import template: the same columns, 职务 and the
 * dictionaries as text, 部门 as department names (the main department first) and 角色 as role
 * codes. An imported row is saved by `addUser`, with the checks of `add`; departments may be
 * given by org code or by name, roles by code.
 */

export const SHEET_TITLE = '用户信息';
/** The password every imported user starts with (they are asked to change it). */
export const IMPORT_PASSWORD = '123456';

/** The columns; 职务 maps position codes to names (read per request: positions change). */
async function userColumns(db: Db): Promise<SheetColumn[]> {
  const positions = await db
    .selectFrom('sys_position')
    .select(['code', 'name'])
    .orderBy('code')
    .execute();
  return [
    { name: 'username', label: '账号' },
    { name: 'realname', label: '姓名' },
    { name: 'sex', label: '性别', dictCode: 'sex' },
    { name: 'birthday', label: '生日', type: 'date' },
    { name: 'workNo', label: '工号' },
    {
      name: 'post',
      label: '职务',
      options: positions.map((p) => ({ value: p.code, text: p.name })),
    },
    { name: 'email', label: '邮箱' },
    { name: 'phone', label: '手机号码' },
    { name: 'telephone', label: '座机' },
    { name: 'status', label: '状态', dictCode: 'user_status' },
    { name: 'departNames', label: '部门' },
    { name: 'roleCodes', label: '角色' },
  ];
}

function cellText(record: ImportedRecord, name: string): string | undefined {
  const value = record[name];
  return value === undefined ? undefined : String(value);
}

export async function userExcelRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/user/exportXls',
    {
      config: { access: permission('user:export'), dataScope: scoped(USER_SCOPE) },
      schema: { querystring: USER_LIST_QUERY },
    },
    async (request, reply) => {
      const source = {
        departId: parseOptionalId(request.query.departId, 'departId'),
        scope: rowScope(request),
      };
      return sendRecords(reply, {
        title: SHEET_TITLE,
        columns: await userColumns(db),
        dicts: ctx.dicts,
        query: request.query,
        fetch: async (params) => {
          const { records } = await listUsers(db, params, USER_LIST_ENTITY, source, { timeZone });
          const roles = await roleCodesOf(
            db,
            records.map((r) => r.id),
          );
          return records.map((r) => ({
            ...r,
            departNames: r.orgCodeTxt,
            roleCodes: roles.get(r.id) ?? null,
          }));
        },
      });
    },
  );

  app.post(
    '/sys/user/importExcel',
    { config: { access: permission('user:import'), dataScope: noRowScope('导入只新增记录') } },
    async (request) => {
      const actor = actorOf(request);
      const columns = await userColumns(db);
      return withUploadedFile(request, async (file) => {
        // One scrypt hash (~150 ms) for the whole file, shared by every row: hashing per row
        // would make a 1,000-row import take minutes. The rows start with the same known
        // password either way; each user's own password is hashed when they change it.
        const passwordHash = await hashPassword(IMPORT_PASSWORD);
        const [departs, roles] = await Promise.all([departLookup(db), roleLookup(db)]);
        return importRecords({
          db,
          file,
          title: SHEET_TITLE,
          columns,
          dicts: ctx.dicts,
          filesDir: ctx.config.filesDir,
          save: async (record, tx) => {
            const input: UserInput = {
              username: cellText(record, 'username'),
              realname: cellText(record, 'realname'),
              sex: cellText(record, 'sex'),
              birthday: cellText(record, 'birthday'),
              workNo: cellText(record, 'workNo'),
              post: cellText(record, 'post'),
              email: cellText(record, 'email'),
              phone: cellText(record, 'phone'),
              telephone: cellText(record, 'telephone'),
              status: cellText(record, 'status'),
              selecteddeparts: departs(cellText(record, 'departNames')),
              selectedroles: roles(cellText(record, 'roleCodes')),
            };
            // A new user has no cached session, so there is nothing to publish.
            await addUser(tx, checkNewUser(input), passwordHash, actor);
          },
        });
      });
    },
  );
}
