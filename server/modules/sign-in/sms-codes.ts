import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_CODE_WRONG,
  MSG_SMS_DAILY_LIMIT,
  MSG_SMS_TOO_OFTEN,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_PER_MOBILE,
  SMS_HOURLY_PER_ADDRESS,
  SMS_MAX_TRIES,
  SMS_RESEND_SECONDS,
  type SmsMode,
} from '../../../src/contracts/sign-in';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';

/**
 * SMS codes, kept in the database so every process sees the same limits and codes. A row is
 * written for every ask, also when nothing is sent (a number no account has): the limits count
 * asks, and the answer is the same either way. Only a hash of the code is kept; a newer code
 * replaces the older ones of its number and mode; a code is used once; the fifth wrong try
 * voids it.
 */

/** Where codes are kept, and the key of their hashes (SMS_CODE_SECRET). */
export interface SmsCodeStore {
  readonly db: Db;
  readonly secret: string | null;
}

export const smsCodeStore = (ctx: AppContext): SmsCodeStore => ({
  db: ctx.db,
  secret: ctx.config.signIn.sms?.codeSecret ?? null,
});

/** Unset, the key is a constant: the hash still hides the code from a glance, not from a search. */
const UNKEYED = 'schema-admin-sms-code';

function codeHash(store: SmsCodeStore, id: string, code: string): string {
  return createHmac('sha256', store.secret ?? UNKEYED)
    .update(`${id}:${code}`, 'utf8')
    .digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

const secondsAgo = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** Refuses an ask over the limits: 1 a minute and 10 a day per number, 20 an hour per address. */
async function checkLimits(db: Db, mobile: string, ip: string | null, now: Date): Promise<void> {
  const counts = await db
    .selectFrom('sys_sms_code')
    .select([
      sql<number>`count(*) filter (where mobile = ${mobile} and created_at > ${secondsAgo(now, SMS_RESEND_SECONDS)})`.as(
        'minute',
      ),
      sql<number>`count(*) filter (where mobile = ${mobile})`.as('day'),
    ])
    .where('mobile', '=', mobile)
    .where('createdAt', '>', secondsAgo(now, 24 * 3600))
    .executeTakeFirstOrThrow();
  if (Number(counts.minute) > 0) throw new AppError(MSG_SMS_TOO_OFTEN);
  if (Number(counts.day) >= SMS_DAILY_PER_MOBILE) throw new AppError(MSG_SMS_DAILY_LIMIT);
  if (ip === null) return;
  const byAddress = await db
    .selectFrom('sys_sms_code')
    .select(sql<number>`count(*)`.as('n'))
    .where('ip', '=', ip)
    .where('createdAt', '>', secondsAgo(now, 3600))
    .executeTakeFirstOrThrow();
  if (Number(byAddress.n) >= SMS_HOURLY_PER_ADDRESS) throw new AppError(MSG_SMS_TOO_OFTEN);
}

/**
 * Records an ask and, when `send` is true, makes a code: returns it (to be sent) or null.
 * Throws the limit messages. Older live codes of the number and mode stop working.
 */
export async function issueSmsCode(
  store: SmsCodeStore,
  ask: { readonly mobile: string; readonly mode: SmsMode; readonly ip: string | null },
  send: boolean,
  now: Date = new Date(),
): Promise<string | null> {
  const { db } = store;
  await checkLimits(db, ask.mobile, ask.ip, now);
  const id = newId();
  const code = send ? newCode() : null;
  await db.transaction().execute(async (tx) => {
    if (code !== null) {
      await tx
        .updateTable('sys_sms_code')
        .set({ usedAt: now })
        .where('mobile', '=', ask.mobile)
        .where('mode', '=', ask.mode)
        .where('usedAt', 'is', null)
        .execute();
    }
    await tx
      .insertInto('sys_sms_code')
      .values({
        id,
        mobile: ask.mobile,
        mode: ask.mode,
        codeHash: code === null ? null : codeHash(store, id, code),
        ip: ask.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      })
      .execute();
  });
  return code;
}

/** A code that was not right: whether this try voided it (the caller may count it elsewhere). */
export class SmsCodeRefused extends AppError {
  constructor(
    message: string,
    readonly counted: boolean,
  ) {
    super(message);
  }
}

/**
 * Takes the live code of the number and mode: the right one is used up (once, whichever
 * process asks first); a wrong one counts a try, and the fifth voids it. Throws SmsCodeRefused.
 */
export async function consumeSmsCode(
  store: SmsCodeStore,
  mobile: string,
  mode: SmsMode,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  const { db } = store;
  const live = await db
    .selectFrom('sys_sms_code')
    .select(['id', 'codeHash'])
    .where('mobile', '=', mobile)
    .where('mode', '=', mode)
    .where('usedAt', 'is', null)
    .where('codeHash', 'is not', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live?.codeHash) throw new SmsCodeRefused(MSG_SMS_CODE_EXPIRED, false);
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(codeHash(store, live.id, code.trim()), 'hex');
  if (timingSafeEqual(expected, given)) {
    const used = await db
      .updateTable('sys_sms_code')
      .set({ usedAt: now })
      .where('id', '=', live.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) return;
    throw new SmsCodeRefused(MSG_SMS_CODE_EXPIRED, false);
  }
  // One statement: concurrent wrong tries each count once, and the fifth voids the code.
  await db
    .updateTable('sys_sms_code')
    .set((eb) => ({
      tries: eb('tries', '+', 1),
      usedAt: sql<Date | null>`case when tries + 1 >= ${SMS_MAX_TRIES} then ${now}::timestamptz else used_at end`,
    }))
    .where('id', '=', live.id)
    .where('usedAt', 'is', null)
    .execute();
  throw new SmsCodeRefused(MSG_SMS_CODE_WRONG, true);
}

/** Rows older than a day count toward no limit any more; called now and then. */
export async function purgeSmsCodes(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sys_sms_code')
    .where('createdAt', '<', secondsAgo(now, 24 * 3600))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
