import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  SMS_CODE_TTL_SECONDS,
  SMS_MODE_REGISTER,
  type SmsMode,
} from '../../../src/contracts/sign-in';
import type { SmsConfig } from '../../sign-in-config';
import { tencentSender } from './sms-tencent';

/** One text message to a number: a code, or a notice without one. */
export interface SmsMessage {
  readonly mobile: string;
  readonly mode: SmsMode;
  /** null: a notice (a registration asked for a number that has an account). */
  readonly code: string | null;
  readonly text: string;
}

/** Delivers texts; `SMS_PROVIDER` picks which (server/sign-in-config.ts). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** The header of a webhook call: `sha256=` and the HMAC-SHA256 (hex) of `<timestamp>.<body>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-timestamp';
const WEBHOOK_TIMEOUT_MS = 5000;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

const MINUTES = SMS_CODE_TTL_SECONDS / 60;
const PURPOSE: Readonly<Record<SmsMode, string>> = { 0: '登录', 1: '注册', 2: '重置密码' };

/** The text of a code message. */
export function codeText(mode: SmsMode, code: string): string {
  return `您的${PURPOSE[mode]}验证码为${code}，${MINUTES}分钟内有效，请勿泄露给他人。`;
}

/** Sent instead of a registration code to a number that has an account (only its owner learns it). */
export const REGISTERED_NOTICE = '该手机号已注册，可直接使用手机号登录或找回密码。';

/** `log`: the text goes to the server log (development and demos; refused in production). */
function logSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      log.warn(
        { mobile: message.mobile, code: message.code },
        `SMS (SMS_PROVIDER=log): ${message.text}`,
      );
    },
  };
}

/** `webhook`: POST JSON to SMS_WEBHOOK_URL, signed with SMS_WEBHOOK_SECRET. */
function webhookSender(url: string, secret: string): SmsSender {
  return {
    async send(message) {
      const timestamp = String(Date.now());
      const body = JSON.stringify({
        mobile: message.mobile,
        mode: message.mode,
        code: message.code,
        text: message.text,
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS webhook answered HTTP ${response.status}`);
      await response.body?.cancel();
    },
  };
}

export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  switch (config.provider) {
    case 'webhook':
      return webhookSender(config.webhookUrl, config.webhookSecret);
    case 'tencent':
      return tencentSender(config.tencent, (m) => [PURPOSE[m.mode], m.code, String(MINUTES)]);
    case 'log':
      return logSender(log);
  }
}

/** Modes whose code goes only to a number that has an account. */
export function needsAccount(mode: SmsMode): boolean {
  return mode !== SMS_MODE_REGISTER;
}
