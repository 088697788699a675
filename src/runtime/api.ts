import type { LogoutResult } from '../contracts/sign-in';
import { CERTIFICATE_PATH, type CertificateAccepted } from '../contracts/client-certificate';
import type { BaseConfig, SecurityVerifyResult } from '../contracts/config';
import type { DictMap, DictOption } from '../contracts/dict';
import type { ApiEnvelope } from '../contracts/envelope';
import {
  MENU_PATH_STATUS_PATH,
  type MenuPathStatus,
  type PermissionPayload,
} from '../contracts/permission';
import {
  DEFAULT_LOGIN_SCENARIO,
  type CurrentUserDeparts,
  type LoginResult,
  type UserInfo,
} from '../contracts/session';
import type { LoginRequest, UpdatePasswordRequest } from '../contracts/session-schema';
import type { Http } from './http';

/** Paths of the session and bootstrap calls (shell.md §7), relative to the API base. */
export const ApiPath = {
  login: '/module/default/member/admin/nl/login',
  logout: '/module/default/member/admin/logout',
  userInfo: '/module/default/member/admin/user-info',
  baseConfig: '/module/default/configCenter/admin/nl/get',
  securityVerify: '/module/default/security/admin/nl/verify',
  certificate: CERTIFICATE_PATH,
  permissions: '/sys/permission/getUserPermissionByToken',
  currentDeparts: '/sys/user/getCurrentUserDeparts',
  selectDepart: '/sys/selectDepart',
  updatePassword: '/sys/user/updatePassword',
  refreshDictCache: '/sys/dict/refleshCache',
  allDictItems: '/sys/dict/queryAllDictItems',
  dictItems: '/sys/dict/getDictItems/',
} as const;

/** The session and bootstrap calls as typed functions over one http client. */
export function createSessionApi(http: Http) {
  return {
    login: (request: LoginRequest) =>
      http.post<LoginResult>(
        ApiPath.login,
        { scenario: DEFAULT_LOGIN_SCENARIO, ...request },
        { silent: true },
      ),
    /** Best effort: the client logs out whatever the server answers. */
    logout: () => http.post<LogoutResult | null>(ApiPath.logout, undefined, { silent: true }),
    userInfo: () => http.get<UserInfo>(ApiPath.userInfo),
    permissions: () => http.get<PermissionPayload>(ApiPath.permissions),
    /** Whether a path is a menu screen (the caller's or not): 403 rather than 404. */
    menuPathStatus: (path: string) =>
      http.get<MenuPathStatus>(MENU_PATH_STATUS_PATH, { path }, { silent: true }),
    baseConfig: () =>
      http.get<BaseConfig>(ApiPath.baseConfig, { key: 'baseConfig' }, { silent: true }),
    securityVerify: () =>
      http.get<SecurityVerifyResult>(ApiPath.securityVerify, undefined, { silent: true }),
    /** Certificate mode: whether the server accepts this certificate (PEM). */
    checkCertificate: (pem: string) =>
      http.post<CertificateAccepted>(ApiPath.certificate, { certificate: pem }, { silent: true }),
    currentDeparts: () => http.get<CurrentUserDeparts>(ApiPath.currentDeparts),
    selectDepart: (orgCode: string, username: string) =>
      http.put<{ userInfo: UserInfo }>(ApiPath.selectDepart, { orgCode, username }),
    updatePassword: (form: UpdatePasswordRequest) => http.post<null>(ApiPath.updatePassword, form),
    refreshDictCache: () => http.get<null>(ApiPath.refreshDictCache, undefined, { silent: true }),
    allDictItems: () => http.get<DictMap>(ApiPath.allDictItems, undefined, { silent: true }),
    dictItems: (code: string) =>
      http.get<DictOption[]>(ApiPath.dictItems + encodeURIComponent(code)),
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;

/** The result of a successful envelope, or an Error with the server's message. */
export function unwrap<T>(envelope: ApiEnvelope<T>): T {
  if (!envelope.success) throw new Error(envelope.message);
  return envelope.result;
}
