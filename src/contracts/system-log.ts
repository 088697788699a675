/**
 * 日志管理 (issue 23): the login log and the operation log share `sys_log` (jeecg-api.md §4.14,
 * `log_type` 1 and 2). What the server writes and the screen reads lives here once.
 */

export const LOG_TYPE_LOGIN = 1;
export const LOG_TYPE_OPERATION = 2;

/** What happened to a session, one login-log row each (`sys_log.event`). */
export const LOGIN_EVENTS = [
  'login',
  'login_failed',
  'locked',
  'logout',
  'expired',
  'forced_logout',
  'password_reset',
] as const;
export type LoginEvent = (typeof LOGIN_EVENTS)[number];

export const LOGIN_EVENT_TEXT: Readonly<Record<LoginEvent, string>> = {
  login: '登录成功',
  login_failed: '登录失败',
  locked: '账号锁定',
  logout: '退出登录',
  expired: '会话过期',
  forced_logout: '强制退出',
  password_reset: '重置密码',
};

/** `sys_log.operate_type` (jeecg: 1 查询 … 6 导出); an operation row's kind of write. */
export const OPERATE_TYPES = { add: 2, edit: 3, delete: 4, import: 5, other: 7 } as const;
export const OPERATE_TYPE_TEXT: Readonly<Record<number, string>> = {
  1: '查询',
  2: '添加',
  3: '编辑',
  4: '删除',
  5: '导入',
  6: '导出',
  7: '其他',
};

/** The first this many changed rows of one write are kept in its log row; the rest are counted. */
export const LOG_CHANGE_LIMIT = 50;
/** A text value longer than this is cut in a log row (with an ellipsis). */
export const LOG_TEXT_LIMIT = 1000;
/** What a password, salt, token or secret shows as in a log row, before and after. */
export const LOG_SECRET_MASK = '******';

/** One changed row of a write: the changed columns only (an update), or the whole row. */
export interface LogChange {
  /** Table the row lives in. */
  readonly table: string;
  /** The row's `id`; null for a table without one. */
  readonly id: string | null;
  readonly op: 'insert' | 'update' | 'delete';
  /** Column values before (snake_case names, as stored); null on insert. */
  readonly before: Readonly<Record<string, unknown>> | null;
  /** Column values after; null on delete. */
  readonly after: Readonly<Record<string, unknown>> | null;
}

/** A field of a diff: one changed column of one row. */
export interface LogDiffField {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The changed columns of a change, in column order (an insert: every column, before null). */
export function diffOf(change: LogChange): LogDiffField[] {
  const keys = new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})]);
  return [...keys].map((field) => ({
    field,
    before: change.before?.[field] ?? null,
    after: change.after?.[field] ?? null,
  }));
}
