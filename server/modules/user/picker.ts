import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import Type from 'typebox';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { allOf, like } from '../../http/list-conditions';
import { runListQuery } from '../../http/list-page';
import { defineListEntity, MAX_PAGE_SIZE, translateListQuery } from '../../http/list-query';
import { IDS_SCHEMA, splitIds } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { ORG_CODE_TXT, USER_FROM, sourceCondition } from './list';
import { fullPhoneCondition, withPhoneShown, type RowWithPhone } from './phone-mask';

/**
 * The user pickers (JSelectUserByDep and the user-select component): any signed-in user may
 * pick people, so they see only active, live users and only the fields a picker shows.
 * `realname` and `username` match by "contains", as the reference's pickers do; `sex` and
 * `birthday` (also `birthday_begin`/`_end`) are plain list filters. Phones: phone-mask.ts.
 */

export interface PickerUser {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  /** Masked unless the caller may read it in full (phone-mask.ts). */
  readonly phone: string | null;
  /** `YYYY-MM-DD`. */
  readonly birthday: string | null;
  /** 1 男, 2 女; null when not given. */
  readonly sex: number | null;
  readonly workNo: string | null;
  readonly orgCode: string | null;
  readonly orgCodeTxt: string | null;
  readonly post: string | null;
}

const PICKER_ENTITY = defineListEntity({
  fields: {
    id: { column: 'u.id', type: 'string' },
    username: { column: 'u.username', type: 'string' },
    realname: { column: 'u.realname', type: 'string' },
    sex: { column: 'u.sex', type: 'integer' },
    birthday: { column: 'u.birthday', type: 'date' },
    workNo: { column: 'u.work_no', type: 'string' },
    orgCode: { column: 'u.org_code', type: 'string' },
    post: { column: 'u.post', type: 'string' },
    createTime: { column: 'u.create_time', type: 'datetime' },
  },
  // Read by the route: the department and the two "contains" searches.
  extraParams: ['departId', 'realname', 'username'],
});

/** The picker's columns; `phoneInFull` says whether the phone may leave unmasked. */
function pickerSelect(fullPhone: RawBuilder<SqlBool>) {
  return sql`u.id, u.username, u.realname, u.phone, ${fullPhone} as "phoneInFull", u.birthday,
    nullif(u.sex, 0) as sex, u.work_no as "workNo", u.org_code as "orgCode",
    ${ORG_CODE_TXT} as "orgCodeTxt", u.post`;
}

type SelectedUser = PickerUser & RowWithPhone;

/** Active live users, of a department when given, whose name and username contain the text. */
function pickerCondition(search: {
  readonly departId?: string;
  readonly realname?: string;
  readonly username?: string;
}): RawBuilder<SqlBool> {
  const conditions = [
    sourceCondition({ departId: search.departId || null }),
    sql<SqlBool>`u.status = 1`,
  ];
  for (const name of ['realname', 'username'] as const) {
    const text = search[name]?.trim();
    if (text) conditions.push(like(PICKER_ENTITY.fields.get(name)!.target, 'like', text));
  }
  return allOf(conditions);
}

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** The picker list's own parameters (the list translator checks the rest). */
const PICKER_QUERY = Type.Object({
  departId: text(36),
  realname: text(100),
  username: text(100),
});

/** `?id=<department>&realname=`. */
const DEPART_PICKER_QUERY = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36 }),
  realname: text(100),
});

/** `?userIds=a,b,c` (the ids a field holds; a trailing comma is allowed). */
const BY_IDS_QUERY = Type.Object({ userIds: IDS_SCHEMA });

/** What a display needs to show a held id: nothing else of the user leaves. */
export interface UserName {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
}

export async function userPickerRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const raw = ctx.db.withoutPlugins();
  const timeZone = ctx.config.timeZone;

  app.get(
    '/sys/user/queryUserComponentData',
    { config: { access: SIGNED_IN }, schema: { querystring: PICKER_QUERY } },
    async (request) => {
      const params = request.query;
      const query = translateListQuery(params, PICKER_ENTITY, { timeZone });
      const where = pickerCondition(params);
      const select = pickerSelect(fullPhoneCondition(request, timeZone));
      const page = await runListQuery<SelectedUser>(raw, { select, from: USER_FROM, where }, query);
      return ok({ ...page, records: page.records.map(withPhoneShown) });
    },
  );

  app.get(
    '/sys/user/queryUserByDepId',
    { config: { access: SIGNED_IN }, schema: { querystring: DEPART_PICKER_QUERY } },
    async (request) => {
      const where = pickerCondition({
        departId: request.query.id,
        realname: request.query.realname,
      });
      // A department's direct members; the cap only guards against a pathological one.
      const select = pickerSelect(fullPhoneCondition(request, timeZone));
      const { rows } = await sql<SelectedUser>`select ${select} from ${USER_FROM}
        where ${where} order by u.realname, u.id limit ${MAX_PAGE_SIZE}`.execute(raw);
      return ok(rows.map(withPhoneShown));
    },
  );

  // The names behind held ids (the user picker's read-only views, one call per screen of
  // values): only users the caller could pick, ids it does not know are left out.
  app.get(
    '/sys/user/queryByIds',
    { config: { access: SIGNED_IN }, schema: { querystring: BY_IDS_QUERY } },
    async (request) => {
      const ids = splitIds(request.query.userIds);
      const where = allOf([pickerCondition({}), sql<SqlBool>`u.id in (${sql.join(ids)})`]);
      const { rows } = await sql<UserName>`select u.id, u.username, u.realname
        from ${USER_FROM} where ${where} order by u.id`.execute(raw);
      return ok(rows);
    },
  );
}
