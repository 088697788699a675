/**
 * The response envelope every API call answers with (shell.md §7, jeecg-api.md §1.3).
 * The browser reads `success`, `result` and `message`; `code` tells the kind of failure.
 */
export interface ApiEnvelope<T = unknown> {
  /** Whether the call did what was asked. */
  readonly success: boolean;
  /** Human-readable Chinese message; `操作成功！` by default. */
  readonly message: string;
  /**
   * 200 ok, 201 partial import, 401 not signed in, 403 not the caller's, 404/405 routing,
   * 500 failure, 510 no permission.
   */
  readonly code: number;
  /** The payload; `null` when there is none. */
  readonly result: T;
  /** Server time in epoch milliseconds. */
  readonly timestamp: number;
  /**
   * Optional hint for how the browser shows `message` (shell.md §8: "shown using the
   * server-provided display mode and level"). Absent means the call site decides.
   */
  readonly messageMode?: MessageMode;
  /** Level used with `messageMode`; defaults to `error` on failure and `success` otherwise. */
  readonly messageLevel?: MessageLevel;
}

export type MessageMode = 'none' | 'message' | 'notification' | 'modal';
export type MessageLevel = 'success' | 'info' | 'warning' | 'error';

/** Codes carried in `ApiEnvelope.code`. */
export const ResultCode = {
  OK: 200,
  IMPORT_PARTIAL: 201,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** Signed in, but the call names what is not the caller's (another user's socket). */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TOO_MANY_REQUESTS: 429,
  ERROR: 500,
  NO_PERMISSION: 510,
  /** The server cannot reach its database for now (HTTP 503); worth trying again later. */
  UNAVAILABLE: 503,
} as const;

/** Default success message. */
export const MSG_OK = '操作成功！';
/** Message of a permission refusal (code 510). */
export const MSG_NO_PERMISSION = '没有权限，请联系管理员授权';
/** Message of a missing, unknown, expired or revoked token (HTTP 401). */
export const MSG_TOKEN_INVALID = 'Token失效，请重新登录!';

/** A MyBatis-Plus style page (jeecg-api.md §1.4); the UI relies on `records` and `total`. */
export interface Page<T> {
  readonly records: readonly T[];
  readonly total: number;
  readonly size: number;
  readonly current: number;
  readonly pages: number;
}
