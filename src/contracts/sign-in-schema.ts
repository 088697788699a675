import Type, { type Static } from 'typebox';
import { CERTIFICATE_MAX_CHARS } from './client-certificate';

/**
 * Request bodies of the other ways in, as schemas the server validates with. Browser code
 * imports only types from here.
 */

const MOBILE = Type.String({ minLength: 1, maxLength: 32 });
const CODE = Type.String({ minLength: 1, maxLength: 12 });

export const SMS_BODY = Type.Object({
  mobile: MOBILE,
  /** 0 login, 1 register, 2 reset password (the reference sends it as a string). */
  smsmode: Type.Union([Type.Integer({ minimum: 0, maximum: 2 }), Type.String({ maxLength: 1 })]),
});
export type SmsRequest = Static<typeof SMS_BODY>;

export const PHONE_LOGIN_BODY = Type.Object({
  mobile: MOBILE,
  captcha: CODE,
  certificate: Type.Optional(Type.String({ maxLength: CERTIFICATE_MAX_CHARS })),
});
export type PhoneLoginRequest = Static<typeof PHONE_LOGIN_BODY>;

export const REGISTER_BODY = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  confirmPassword: Type.String({ minLength: 1, maxLength: 200 }),
  phone: MOBILE,
  smscode: CODE,
  realname: Type.Optional(Type.String({ maxLength: 100 })),
});
export type RegisterRequest = Static<typeof REGISTER_BODY>;

/** The reference sends this as GET with the password in the query; here it is a POST body. */
export const PASSWORD_CHANGE_BODY = Type.Object({
  phone: MOBILE,
  smscode: CODE,
  password: Type.String({ minLength: 1, maxLength: 200 }),
  confirmPassword: Type.String({ minLength: 1, maxLength: 200 }),
});
export type PasswordChangeRequest = Static<typeof PASSWORD_CHANGE_BODY>;
