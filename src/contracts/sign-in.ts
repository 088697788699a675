import type { LoginResult } from './session';

/**
 * The other ways in (issue 24): phone + SMS code, single sign-on (OIDC, CAS), registration
 * and password reset. Constants and messages both ends show; request bodies are schemas in
 * sign-in-schema.ts.
 */

/** `smsmode` of POST /sys/sms. */
export const SMS_MODE_LOGIN = 0;
export const SMS_MODE_REGISTER = 1;
export const SMS_MODE_RESET = 2;
export const SMS_MODES = [SMS_MODE_LOGIN, SMS_MODE_REGISTER, SMS_MODE_RESET] as const;
export type SmsMode = (typeof SMS_MODES)[number];

export const SMS_CODE_LENGTH = 6;
/** A code is valid this long. */
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** One code a minute per number: the button's countdown. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_PER_MOBILE = 10;
export const SMS_HOURLY_PER_ADDRESS = 20;
/** The fifth wrong try voids a code. */
export const SMS_MAX_TRIES = 5;

/** Mainland mobile numbers (11 digits, 1 then 3–9). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export const MSG_MOBILE_REQUIRED = '请输入手机号';
export const MSG_MOBILE_INVALID = '请输入正确的手机号';
export const MSG_SMS_CODE_REQUIRED = '请输入验证码';
export const MSG_SMS_SENT = '验证码已发送';
export const MSG_SMS_TOO_OFTEN = '验证码发送过于频繁，请稍后再试';
export const MSG_SMS_DAILY_LIMIT = '该手机号今日获取验证码次数已达上限';
export const MSG_SMS_CODE_WRONG = '验证码错误';
export const MSG_SMS_CODE_EXPIRED = '验证码已失效，请重新获取';
export const MSG_SMS_OFF = '未开启短信验证码';
export const MSG_SMS_SEND_FAILED = '短信发送失败，请稍后再试';
export const MSG_REGISTRATION_OFF = '未开放注册';
export const MSG_PASSWORD_WEAK = '密码须为8到64位，且同时包含字母和数字';
export const MSG_PASSWORDS_DIFFER = '两次输入密码不一致!';
export const MSG_RESET_DONE = '密码已重置，请使用新密码登录';
export const MSG_REGISTERED = '注册成功';
export const MSG_SSO_UNBOUND = '该账号未绑定系统用户';
export const MSG_SSO_FAILED = '第三方登录失败，请重新登录';
export const MSG_SSO_TOKEN_INVALID = '登录凭证无效或已过期，请重新登录';
export const MSG_CAS_TICKET_INVALID = 'CAS票据无效或已使用，请重新登录';

/** Passwords people choose for themselves (registration, reset): 8–64, letters and digits. */
export function passwordStrong(password: string): boolean {
  const length = [...password].length;
  return length >= 8 && length <= 64 && /[A-Za-z]/.test(password) && /\d/.test(password);
}

/** Lifetime of the one-time token an OIDC callback hands the browser. */
export const SSO_TOKEN_TTL_SECONDS = 60;

/** The thirdType of an OIDC provider in getLoginUser/{token}/{thirdType}. */
export function oidcThirdType(name: string): string {
  return `oidc_${name}`;
}

/** GET /sys/loginOptions: which ways in the login screen offers (no secrets). */
export interface LoginOptions {
  readonly phone: boolean;
  readonly register: boolean;
  /** 忘记密码 (by phone + SMS code). */
  readonly reset: boolean;
  /** One button per OIDC provider; `start` is the URL the button opens. */
  readonly oidc: readonly {
    readonly type: string;
    readonly label: string;
    readonly start: string;
  }[];
  /** CAS: the CAS server's login URL with this site as the service. */
  readonly cas: { readonly loginUrl: string } | null;
}

/** The user as a phone, third-party or CAS login answers it (shell.md §3). */
export interface LoginUserBrief {
  readonly username: string;
  readonly realname: string;
  readonly avatar: string | null;
}

/**
 * POST /sys/phoneLogin, getLoginUser and validateLogin: the reference's `token` and
 * `userInfo` beside the password login's fields (the same session either way).
 */
export interface ChannelLoginResult extends LoginResult {
  readonly token: string;
  readonly userInfo: LoginUserBrief;
}

/** The logout answer of a CAS session: where the browser goes to end the CAS session too. */
export interface LogoutResult {
  readonly casLogoutUrl?: string;
}

/** CAS (GET /sys/cas/client/validateLogin). */
export const MSG_CAS_OFF = '未开启CAS登录';
export const MSG_CAS_UNAVAILABLE = 'CAS服务暂时不可用';
export const MSG_CAS_SERVICE_MISMATCH = 'CAS登录地址与本系统配置不一致';

/** DELETE /sys/user/thirdAccount/delete */
export const MSG_SSO_UNLINKED = '解除绑定成功';

/** GET /sys/user/thirdAccounts?userId=: one single-sign-on subject linked to the user. */
export interface ThirdAccountLink {
  readonly id: string;
  /** `oidc:<name>` */
  readonly provider: string;
  /** The provider's button text; the provider key when it is no longer configured. */
  readonly providerLabel: string;
  /** The provider's `sub`. */
  readonly subject: string;
  readonly email: string | null;
  /** `yyyy-MM-dd HH:mm:ss` */
  readonly createTime: string | null;
  readonly lastLoginTime: string | null;
}
