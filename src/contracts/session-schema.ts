import Type, { type Static } from 'typebox';
import { CERTIFICATE_MAX_CHARS } from './client-certificate';
import { DEFAULT_LOGIN_SCENARIO } from './session';

/**
 * Request bodies of the session calls as schemas (TypeBox): the server validates with them and
 * the browser takes their types from here. Browser code imports only types from this module,
 * so the schema builder stays out of its bundle.
 */

/** Login request body (shell.md §3): the credentials plus a scenario. */
export const LOGIN_BODY = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  /** Login scenario; defaults to `defaultAdminLogin`. */
  scenario: Type.Optional(Type.String({ maxLength: 50, default: DEFAULT_LOGIN_SCENARIO })),
  /** Certificate mode: the uploaded certificate (PEM), checked on every login. */
  certificate: Type.Optional(Type.String({ maxLength: CERTIFICATE_MAX_CHARS })),
});
export type LoginRequest = Static<typeof LOGIN_BODY>;

/** Password change form (shell.md §3, §5). */
export const UPDATE_PASSWORD_BODY = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  oldpassword: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  confirmpassword: Type.String({ minLength: 1, maxLength: 200 }),
});
export type UpdatePasswordRequest = Static<typeof UPDATE_PASSWORD_BODY>;

/** Department switch payload. */
export const SELECT_DEPART_BODY = Type.Object({
  orgCode: Type.String({ minLength: 1, maxLength: 64 }),
  username: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SelectDepartRequest = Static<typeof SELECT_DEPART_BODY>;

/** Certificate upload (certificate mode): the PEM text of the file. */
export const CERTIFICATE_BODY = Type.Object({
  certificate: Type.String({ minLength: 1, maxLength: CERTIFICATE_MAX_CHARS }),
});
export type CertificateRequest = Static<typeof CERTIFICATE_BODY>;
