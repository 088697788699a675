import { ResultCode } from '../../../src/contracts/envelope';
import type { Principal } from '../../http/access';
import { AppError } from '../../http/errors';

/**
 * Who may read a stored file. A file attached by a record of an online page (`ref_page`,
 * files/records.ts) is read with that page's list permission, the code the page's list route
 * asks for (admins hold it through their role, which every page menu is granted to); any other
 * file by every signed-in user.
 */

export const MSG_FILE_FORBIDDEN = '没有权限访问该文件';

/** The permission code of an online page's list (`online:{code}:list`). */
export const pageListCode = (pageCode: string) => `online:${pageCode}:list`;

export function mayRead(principal: Principal, refPage: string | null): boolean {
  return refPage === null || principal.codes.has(pageListCode(refPage));
}

/** Refuses (HTTP 403) a caller who may not read a file guarded by `refPage`. */
export function assertMayRead(principal: Principal, refPage: string | null): void {
  if (!mayRead(principal, refPage)) {
    throw new AppError(MSG_FILE_FORBIDDEN, ResultCode.FORBIDDEN, 403);
  }
}
