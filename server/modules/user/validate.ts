import type { Updateable } from 'kysely';
import type { SysUserTable } from '../../db/schema';
import { failure } from '../../http/errors';
import { idList } from '../permission/grants';
import { PASSWORD_MAX, PASSWORD_MIN, MSG_PASSWORDS_DIFFER } from './password';

/**
 * Field rules of a user, checked the same way for `add`, `edit` and every imported row (the
 * import has no JSON schema in front of it). Only what the fields say alone is checked here;
 * references (roles, departments, positions) and uniques need the database (references.ts,
 * uniques.ts).
 */

export const USERNAME_PATTERN = '^[A-Za-z0-9_.@-]{2,100}$';
const USERNAME = new RegExp(USERNAME_PATTERN);
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Chinese mobile numbers. */
const PHONE = /^1[3-9]\d{9}$/;
const TELEPHONE = /^[\d\s()+#-]{3,45}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const MSG_USERNAME_FORMAT = '用户账号只能由字母、数字和 _ . @ - 组成，长度2到100位';
export const MSG_REALNAME_REQUIRED = '用户姓名不能为空';
export const MSG_PASSWORD_REQUIRED = '密码不能为空';
export const MSG_PASSWORD_LENGTH = `密码长度须为${PASSWORD_MIN}到${PASSWORD_MAX}位`;
export const MSG_SEX = '性别只能是 0（未知）、1（男）或 2（女）';
export const MSG_STATUS = '状态只能是 1（正常）或 2（冻结）';
export const MSG_IDENTITY = '身份只能是 1（普通用户）或 2（上级）';
export const MSG_BIRTHDAY = '生日应为有效的日期（yyyy-MM-dd）';
export const MSG_EMAIL = '邮箱格式不正确';
export const MSG_PHONE = '手机号码格式不正确';
export const MSG_TELEPHONE = '座机号码格式不正确';
export const MSG_AVATAR = '头像地址不正确';
export const msgTooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;

/** A user as `add` and `edit` take it (JSON body or an imported row). */
export interface UserInput {
  readonly username?: string;
  readonly realname?: string;
  readonly avatar?: string | null;
  readonly birthday?: string | null;
  readonly sex?: number | string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
  readonly telephone?: string | null;
  readonly workNo?: string | null;
  /** Position codes, comma list. */
  readonly post?: string | null;
  readonly status?: number | string | null;
  readonly userIdentity?: number | string | null;
  /** Departments the user supervises (userIdentity 2), comma ids. */
  readonly departIds?: string | null;
  /** Role ids, comma list. */
  readonly selectedroles?: string | null;
  /** Department ids, comma list. */
  readonly selecteddeparts?: string | null;
  /** Main department; default the first selected department. */
  readonly orgCode?: string | null;
}

/** The columns a profile sets (present keys only: on edit an absent field stays as it is). */
export type ProfileColumns = Pick<
  Updateable<SysUserTable>,
  | 'realname'
  | 'avatar'
  | 'birthday'
  | 'sex'
  | 'email'
  | 'phone'
  | 'telephone'
  | 'workNo'
  | 'status'
  | 'userIdentity'
>;

/** Trimmed text, '' and null as null; undefined stays undefined (absent). */
export function optionalText(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function limited(value: string | null | undefined, label: string, max: number) {
  if (value && [...value].length > max) throw failure(msgTooLong(label, max));
  return value;
}

function choice(value: unknown, allowed: readonly number[], message: string): number | undefined {
  const text = optionalText(value);
  if (text === undefined || text === null) return undefined;
  const n = Number(text);
  if (!/^\d$/.test(text) || !allowed.includes(n)) throw failure(message);
  return n;
}

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1900 && at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d
  );
}

function checked(
  value: unknown,
  label: string,
  max: number,
  format: RegExp | null,
  message: string,
): string | null | undefined {
  const text = limited(optionalText(value), label, max);
  if (text && format && !format.test(text)) throw failure(message);
  return text;
}

function avatarOf(value: unknown): string | null | undefined {
  const text = limited(optionalText(value), '头像地址', 255);
  // Its form only (never `javascript:` or other schemes); that it is an uploaded image is
  // checked against sys_file when the user is saved (avatar.ts).
  if (text && !/^https?:\/\//i.test(text) && (text.includes(':') || /[\s<>"']/.test(text))) {
    throw failure(MSG_AVATAR);
  }
  return text;
}

export function checkUsername(value: unknown): string {
  const username = typeof value === 'string' ? value.trim() : '';
  if (!USERNAME.test(username)) throw failure(MSG_USERNAME_FORMAT);
  return username;
}

/**
 * The profile columns of the input. With `creating`, the name is required and absent choices
 * take their defaults (sex 0, status 1, identity 1).
 */
export function profileColumns(input: UserInput, creating: boolean): ProfileColumns {
  const realname = limited(optionalText(input.realname), '用户姓名', 100);
  if (realname === null || (creating && realname === undefined)) {
    throw failure(MSG_REALNAME_REQUIRED);
  }
  const birthday = optionalText(input.birthday);
  if (birthday && !validDate(birthday)) throw failure(MSG_BIRTHDAY);
  const columns: ProfileColumns = {
    realname,
    avatar: avatarOf(input.avatar),
    birthday,
    sex:
      choice(input.sex, [0, 1, 2], MSG_SEX) ??
      (creating || optionalText(input.sex) === null ? 0 : undefined),
    email: checked(input.email, '邮箱', 45, EMAIL, MSG_EMAIL),
    phone: checked(input.phone, '手机号码', 45, PHONE, MSG_PHONE),
    telephone: checked(input.telephone, '座机', 45, TELEPHONE, MSG_TELEPHONE),
    workNo: limited(optionalText(input.workNo), '工号', 100),
    status: choice(input.status, [1, 2], MSG_STATUS) ?? (creating ? 1 : undefined),
    userIdentity: choice(input.userIdentity, [1, 2], MSG_IDENTITY) ?? (creating ? 1 : undefined),
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as ProfileColumns;
}

/** Position codes of `post`, distinct, in the order given; undefined when absent. */
export function postCodes(value: unknown): string[] | undefined {
  const text = optionalText(value);
  if (text === undefined) return undefined;
  return idList(text);
}

/** A new password as `add` and `changePassword` take it: length rules, confirmation. */
export function checkNewPassword(password: unknown, confirm: unknown): string {
  if (typeof password !== 'string' || password === '') throw failure(MSG_PASSWORD_REQUIRED);
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) throw failure(MSG_PASSWORD_LENGTH);
  if (confirm !== undefined && confirm !== null && confirm !== password) {
    throw failure(MSG_PASSWORDS_DIFFER);
  }
  return password;
}
