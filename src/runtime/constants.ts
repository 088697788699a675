/** Constants of shell.md §9 used by the runtime. */

/** Request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Token, user and dictionary caches live 7 days. */
export const CACHE_TTL_MS = 604_800_000;
/** After a 401 with a token, the page reloads after this delay. */
export const RELOAD_AFTER_LOGOUT_MS = 1_500;
/** Default tenant when none is chosen. */
export const DEFAULT_TENANT_ID = 0;
/** The API lives under this path of the app's origin. */
export const API_PATH = '/system';

/** Local cache keys (names of the reference front end, so its habits carry over). */
export const CacheKey = {
  TOKEN: 'Access-Token',
  USER_INFO: 'Login_Userinfo',
  USER_AUTH: 'LOGIN_USER_BUTTON_AUTH',
  SYS_AUTH: 'SYS_BUTTON_AUTH',
  DICTS: 'UI_CACHE_DB_DICT_DATA',
  TENANT_ID: 'TENANT_ID',
  SECURITY: 'SECURITY_KEYS',
  /** Certificate mode: the uploaded certificate (PEM); kept across sign-outs. */
  CLIENT_CERTIFICATE: 'CLIENT_CERTIFICATE',
} as const;
