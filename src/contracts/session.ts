/**
 * Session contracts. The request bodies (`LoginRequest`, `UpdatePasswordRequest`,
 * `SelectDepartRequest`) are schemas, in session-schema.ts.
 */

/** Login scenario when a login request names none. */
export const DEFAULT_LOGIN_SCENARIO = 'defaultAdminLogin';

/** Login result (shell.md §3). */
export interface LoginResult {
  /** Opaque session token, sent back as `X-Access-Token`. */
  readonly tokenValue: string;
  /** Seconds until the session expires; the browser stores now + this as the token's expiry. */
  readonly sessionTimeout: number;
  /**
   * Network-security mode only (otherwise ''): the server's RSA-OAEP public key (SPKI, base64)
   * that wraps the random key of encrypted requests (src/contracts/secure-call.ts).
   */
  readonly publicKey: string;
  /**
   * Always ''. The field stays for the shape of the reference API, where the server sent the
   * browser a private key to decrypt answers with. Here answers are encrypted with the key the
   * request brought, so no private key ever leaves the server.
   */
  readonly privateKey: string;
}

/** The signed-in user as the browser sees it (never the password). */
export interface UserInfo {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly avatar: string | null;
  readonly sex: number;
  readonly email: string | null;
  readonly phone: string | null;
  readonly orgCode: string | null;
  readonly orgCodeTxt: string | null;
  readonly workNo: string | null;
  /** Position codes, comma-joined (职务). */
  readonly post: string | null;
  /** The positions' names, joined by '、' (codes without a position are left out). */
  readonly postText?: string | null;
  readonly status: number;
  readonly birthday: string | null;
  readonly createTime: string | null;
}

/** Department of the signed-in user (department switch list). */
export interface UserDepart {
  readonly id: string;
  readonly orgCode: string;
  readonly departName: string;
}

/** GET /sys/user/getCurrentUserDeparts result. */
export interface CurrentUserDeparts {
  readonly list: readonly UserDepart[];
  readonly orgCode: string | null;
}
