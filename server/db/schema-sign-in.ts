import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns';

/** Tables of the other ways in (migration 0020). */

/** One SMS code asked for (server/modules/sign-in/sms-codes.ts). */
export interface SysSmsCodeTable {
  id: string;
  mobile: string;
  /** SMS_MODE_* (src/contracts/sign-in.ts): 0 login, 1 register, 2 reset password. */
  mode: number;
  /** SHA-256 hex of the row's id and the code; null when nothing was sent. */
  codeHash: string | null;
  ip: string | null;
  /** Wrong codes tried against it; the fifth voids it. */
  tries: Generated<number>;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  /** Used (or voided, or replaced by a newer code). */
  usedAt: NullableTimestamp;
}

/** A single-sign-on subject linked to a user. */
export interface SysThirdAccountTable {
  id: string;
  /** `oidc:<name>` */
  provider: string;
  /** The provider's `sub`. */
  subject: string;
  userId: string;
  email: string | null;
  createTime: Generated<Date>;
  lastLoginTime: NullableTimestamp;
}

/** Short-lived single-sign-on state, keyed by the SHA-256 of its secret. */
export interface SysSsoGrantTable {
  idHash: string;
  /** `flow` (an OIDC state), `token` (a one-time login token), `ticket` (a CAS ticket seen). */
  kind: string;
  provider: string;
  /** SHA-256 of the browser's binding cookie (flows and tokens). */
  browserHash: string | null;
  userId: string | null;
  /** A flow's nonce, PKCE verifier and redirect. */
  data: unknown;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}
