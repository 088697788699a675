import type { CurrentUserDeparts, UserInfo } from '../../../src/contracts/session';
import type { Db } from '../../db/index';
import { formatDateTime } from '../../http/time';

/** The signed-in user's public fields (never the password hash, lock counters or sessions). */
export async function loadUserInfo(db: Db, userId: string, timeZone: string): Promise<UserInfo> {
  const row = await db
    .selectFrom('sys_user as u')
    .leftJoin('sys_depart as d', (join) =>
      join.onRef('d.orgCode', '=', 'u.orgCode').on('d.delFlag', '=', '0'),
    )
    .select([
      'u.id',
      'u.username',
      'u.realname',
      'u.avatar',
      'u.sex',
      'u.email',
      'u.phone',
      'u.orgCode',
      'd.departName as orgCodeTxt',
      'u.workNo',
      'u.post',
      'u.status',
      'u.birthday',
      'u.createTime',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    postText: await positionNames(db, row.post),
    createTime: formatDateTime(row.createTime, timeZone),
  };
}

/** Names of comma-joined position codes, in their order; null when none is a position. */
async function positionNames(db: Db, post: string | null): Promise<string | null> {
  const codes = (post ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  if (codes.length === 0) return null;
  const rows = await db
    .selectFrom('sys_position')
    .select(['code', 'name'])
    .where('code', 'in', codes)
    .execute();
  const names = codes
    .map((code) => rows.find((r) => r.code === code)?.name)
    .filter((name): name is string => Boolean(name));
  return names.length > 0 ? names.join('、') : null;
}

/** The user's departments and the current one (department switch). */
export async function loadUserDeparts(db: Db, userId: string): Promise<CurrentUserDeparts> {
  const [list, user] = await Promise.all([
    db
      .selectFrom('sys_depart as d')
      .innerJoin('sys_user_depart as ud', 'ud.depId', 'd.id')
      .select(['d.id', 'd.orgCode', 'd.departName'])
      .where('ud.userId', '=', userId)
      .where('d.delFlag', '=', '0')
      .orderBy('d.orgCode')
      .execute(),
    db.selectFrom('sys_user').select('orgCode').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { list, orgCode: user.orgCode };
}
