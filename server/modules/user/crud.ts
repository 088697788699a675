import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import type { RecordId } from '../../http/request-schemas';
import type { InScope } from '../../http/row-scope';
import { MSG_NOT_FOUND } from '../../http/request-schemas';
import { newId } from '../../ids';
import { attachAvatar, checkAvatar } from './avatar';
import { memberDeparts, replaceDeparts, replaceRoles } from './links';
import {
  boundedIds,
  checkedPost,
  checkRoles,
  departsOf,
  MSG_UNKNOWN_SUPERVISED,
  resolveOrgCode,
} from './references';
import { checkUniques, userUniques } from './uniques';
import {
  checkUsername,
  optionalText,
  postCodes,
  profileColumns,
  type ProfileColumns,
  type UserInput,
} from './validate';
import { inTransaction } from '../../db/transaction';

/**
 * Adding and editing a user: the row and its role and department links in one transaction;
 * an avatar must be an uploaded image, attached with the save (avatar.ts).
 * `add` takes a password hash, not the password: the route hashes what it was sent and the
 * import hashes its default password once for all rows. Callers publish `{kind: 'user'}`.
 */

export const MSG_USERNAME_FIXED = '用户账号不能修改';
export const MSG_SELF_FREEZE = '不能冻结当前登录的用户';

/** Who is making the change. */
export interface Actor {
  readonly userId: string;
  readonly username: string;
}

/** `departIds` as stored: the supervised departments of a userIdentity-2 user, else null. */
async function supervisedIds(
  db: Db,
  identity: number,
  ids: readonly string[] | undefined,
): Promise<string | null | undefined> {
  if (identity !== 2) return null;
  if (ids === undefined) return undefined;
  const departs = await departsOf(db, ids, MSG_UNKNOWN_SUPERVISED);
  return departs.length > 0 ? departs.map((d) => d.id).join(',') : null;
}

function uniqueValues(columns: ProfileColumns) {
  return { workNo: columns.workNo, phone: columns.phone, email: columns.email };
}

/** A new user whose fields passed the checks that need no database (cheap: run them first). */
export interface NewUser {
  readonly username: string;
  readonly columns: ProfileColumns;
  readonly posts: readonly string[];
  readonly roleIds: readonly string[];
  readonly departIds: readonly string[];
  readonly supervised: readonly string[];
  readonly orgCode: string | null | undefined;
}

export function checkNewUser(input: UserInput): NewUser {
  return {
    username: checkUsername(input.username),
    columns: profileColumns(input, true),
    posts: postCodes(input.post) ?? [],
    roleIds: boundedIds(input.selectedroles),
    departIds: boundedIds(input.selecteddeparts),
    supervised: boundedIds(input.departIds),
    orgCode: optionalText(input.orgCode),
  };
}

/** Checks the references and uniques, then writes the user and its links; returns the id. */
export async function addUser(
  db: Db,
  user: NewUser,
  passwordHash: string,
  actor: Actor,
): Promise<string> {
  const { username, columns } = user;
  const id = newId();
  await userUniques(
    inTransaction(db, async (tx) => {
      const post = await checkedPost(tx, user.posts);
      await checkRoles(tx, user.roleIds);
      const departs = await departsOf(tx, user.departIds);
      const orgCode = resolveOrgCode(user.orgCode, departs, null);
      const departIdsColumn = await supervisedIds(tx, columns.userIdentity ?? 1, user.supervised);
      await checkUniques(tx, { username, ...uniqueValues(columns) }, null);
      await checkAvatar(tx, columns.avatar);
      await tx
        .insertInto('sys_user')
        .values({
          ...columns,
          id,
          username,
          // profileColumns(…, true) refuses a missing name.
          realname: columns.realname!,
          password: passwordHash,
          post,
          orgCode,
          departIds: departIdsColumn ?? null,
          createBy: actor.username,
        })
        .execute();
      await replaceRoles(tx, id, user.roleIds);
      await replaceDeparts(tx, id, user.departIds);
      await attachAvatar(tx, columns.avatar);
    }),
  );
  return id;
}

/**
 * Applies the fields the request carries (an absent field stays as it is; roles and
 * departments are replaced when sent). Returns whether the user was frozen by this edit.
 */
export async function editUser(
  db: Db,
  id: InScope<RecordId>,
  input: UserInput,
  actor: Actor,
): Promise<{ readonly frozen: boolean }> {
  const columns = profileColumns(input, false);
  if (id === actor.userId && columns.status === 2) throw failure(MSG_SELF_FREEZE);
  const posts = postCodes(input.post);
  const roleIds = input.selectedroles === undefined ? undefined : boundedIds(input.selectedroles);
  const departIds =
    input.selecteddeparts === undefined ? undefined : boundedIds(input.selecteddeparts);
  const supervised = input.departIds === undefined ? undefined : boundedIds(input.departIds);
  const requestedOrg = optionalText(input.orgCode);

  return userUniques(
    db.transaction().execute(async (tx) => {
      const current = await tx
        .selectFrom('sys_user')
        .select(['username', 'orgCode', 'status', 'userIdentity', 'avatar'])
        .where('id', '=', id)
        .where('delFlag', '=', 0)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw failure(MSG_NOT_FOUND);
      if (input.username !== undefined && input.username.trim() !== current.username) {
        throw failure(MSG_USERNAME_FIXED);
      }
      const post = posts === undefined ? undefined : await checkedPost(tx, posts);
      if (roleIds) await checkRoles(tx, roleIds);
      const departs = departIds ? await departsOf(tx, departIds) : await memberDeparts(tx, id);
      // The main department is worked out again only when departments or it are sent.
      const orgCode =
        departIds !== undefined || requestedOrg
          ? resolveOrgCode(requestedOrg, departs, current.orgCode)
          : undefined;
      const identity = columns.userIdentity ?? current.userIdentity;
      const departIdsColumn = await supervisedIds(tx, identity, supervised);
      await checkUniques(tx, uniqueValues(columns), id);
      await checkAvatar(tx, columns.avatar, current.avatar);
      await tx
        .updateTable('sys_user')
        .set({
          ...columns,
          post,
          orgCode,
          departIds: departIdsColumn,
          updateBy: actor.username,
          updateTime: new Date(),
        })
        .where('id', '=', id)
        .execute();
      if (roleIds) await replaceRoles(tx, id, roleIds);
      if (departIds) await replaceDeparts(tx, id, departIds);
      await attachAvatar(tx, columns.avatar);
      return { frozen: columns.status === 2 && current.status !== 2 };
    }),
  );
}
