import type { UpdatePasswordRequest } from '../../../src/contracts/session-schema';
import type { Db } from '../../db/index';
import { clearLoginFailures, verifyUnderLockout, type LoginPolicy } from '../../auth/login-lockout';
import { hashPassword } from '../../auth/password';
import { AppError } from '../../http/errors';
import { MSG_PASSWORDS_DIFFER } from '../../../src/contracts/sign-in';

export { MSG_PASSWORDS_DIFFER };

export const MSG_OLD_PASSWORD_WRONG = '旧密码输入错误!';
export const MSG_NOT_OWN_ACCOUNT = '只能修改当前登录用户的密码!';
export const MSG_PASSWORD_LENGTH = '新密码长度须为6到64位!';
export const MSG_PASSWORD_UNCHANGED = '新密码不能与旧密码相同!';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

/**
 * Self-service password change: the old password must be right. A wrong one counts toward the
 * account's login lockout, and a locked account cannot change its password until the lock ends
 * (a stolen session cannot guess its way to the password).
 */
export async function changeOwnPassword(
  db: Db,
  policy: LoginPolicy,
  caller: { userId: string; username: string },
  input: UpdatePasswordRequest,
): Promise<void> {
  if (input.username !== caller.username) throw new AppError(MSG_NOT_OWN_ACCOUNT);
  if (input.password !== input.confirmpassword) throw new AppError(MSG_PASSWORDS_DIFFER);
  if ([...input.password].length < PASSWORD_MIN || [...input.password].length > PASSWORD_MAX) {
    throw new AppError(MSG_PASSWORD_LENGTH);
  }
  const user = await db
    .selectFrom('sys_user')
    .select('password')
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow();
  const oldRight = await verifyUnderLockout(
    db,
    policy,
    caller.username,
    input.oldpassword,
    user.password,
  );
  if (!oldRight) throw new AppError(MSG_OLD_PASSWORD_WRONG);
  await clearLoginFailures(db, caller.username);
  if (input.oldpassword === input.password) throw new AppError(MSG_PASSWORD_UNCHANGED);
  await db
    .updateTable('sys_user')
    .set({
      password: await hashPassword(input.password),
      passwordChangedAt: new Date(),
      updateBy: caller.username,
      updateTime: new Date(),
    })
    .where('id', '=', caller.userId)
    .execute();
}
