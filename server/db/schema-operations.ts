import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, Audit } from './schema-columns';

/** Operational tables: settings, sessions, logs, login failures, scheduled jobs and their runs. */

export interface SysConfigTable {
  configKey: string;
  configValue: ColumnType<unknown, string, string>;
  updateTime: Generated<Date>;
}

export interface SysSessionTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  tenantId: Generated<number>;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  ip: string | null;
  userAgent: string | null;
  /** Security mode: this session's RSA public key (SPKI base64) for encrypting answers. */
  responsePublicKey: string | null;
  /** Opaque name of the session in 在线用户 and forced logouts (never the token or its hash). */
  id: Generated<string>;
  /** Last call of the session, moved at most once a minute; null before the first. */
  lastSeenAt: Timestamp | null;
  /** How it signed in: `password`, `phone`, `oidc:<name>`, `cas` (migration 0020). */
  loginMethod: string | null;
}

export interface SysLogTable {
  id: string;
  /** 1 login, 2 operation */
  logType: number;
  logContent: string;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  createBy: string | null;
  createTime: Generated<Date>;
  /** Login rows: what happened (src/contracts/system-log.ts LOGIN_EVENTS). */
  event: string | null;
  /** Operation rows (written by the sys_audit trigger, migration 0019). */
  permissionCode: string | null;
  targetTable: string | null;
  targetId: string | null;
  changeCount: Generated<number>;
  /** LogChange[] (src/contracts/system-log.ts). */
  changes: unknown;
  changesTruncated: Generated<boolean>;
}

/** Wrong passwords per login name (server/auth/login-lockout.ts). */
export interface SysLoginFailureTable {
  /** SHA-256 hex of the normalised username. */
  nameHash: string;
  /** Wrong passwords in a row, each within the lock window of the one before. */
  failCount: number;
  lockedUntil: NullableTimestamp;
  /** After this the row means nothing (the count restarts) and may be purged. */
  expiresAt: Timestamp;
}

/** 定时任务 (migration 0015). */
export interface SysQuartzJobTable extends Audit {
  id: string;
  jobName: string;
  /** Key of a handler registered in server/modules/quartz/handlers. */
  jobClassName: string;
  cronExpression: string;
  /** JSON text checked against the handler's parameter schema. */
  parameter: string | null;
  description: string | null;
  /** 0 running, -1 stopped (dictionary quartz_status). */
  status: Generated<number>;
  /** When a running job fires next; the scheduler claims a firing by moving it. */
  nextFireTime: NullableTimestamp;
  delFlag: Generated<number>;
}

/** One run of a job (migration 0015). */
export interface SysQuartzJobLogTable {
  id: string;
  jobId: string;
  /** The scheduled instant (a manual run: when it was asked for). */
  fireTime: Timestamp;
  startTime: Timestamp;
  endTime: NullableTimestamp;
  /** 成功 / 失败 */
  result: string;
  error: string | null;
  /** 定时 / 手动 */
  trigger: string;
}
