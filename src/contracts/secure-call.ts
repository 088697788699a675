/**
 * Network-security mode (shell.md §4, §7, §8): the wire format of an encrypted ("safe") call,
 * shared by the browser (Web Crypto) and the server (node:crypto).
 *
 * A safe call's JSON body travels as a {@link SealedRequest}: the browser makes a random
 * 16-byte AES-128-GCM key (the spec's "random 16-character key"), encrypts the JSON text with
 * it, and wraps the key with the server's RSA-OAEP (SHA-256) public key. The server unwraps the
 * key with its private key, which never leaves the server, and answers with the envelope's
 * `result` encrypted under the same key ({@link SealedResult}) and `isSafety: true`.
 * `success`, `code` and `message` stay readable, so errors are handled as usual.
 *
 * All binary values are base64; a ciphertext is AES-GCM's output with its 16-byte tag at the
 * end (the Web Crypto layout).
 */

/** `result.value` of the verify call when the mode is on. */
export const SECURITY_ON = 'ok';

/** Key and cipher parameters both sides use. */
export const SECURE_CIPHER = {
  /** Bytes of the random AES key of one call. */
  keyBytes: 16,
  /** Bytes of an AES-GCM nonce (a fresh one for the request and for the answer). */
  ivBytes: 12,
  /** Bytes of the GCM tag appended to a ciphertext. */
  tagBytes: 16,
  /** Hash of RSA-OAEP. */
  oaepHash: 'SHA-256',
} as const;

/** The body of a safe call in security mode. */
export interface SealedRequest {
  /** The AES key, wrapped with the server's RSA-OAEP public key. */
  readonly key: string;
  readonly iv: string;
  /** The JSON text of the real body, encrypted. */
  readonly data: string;
}

/** `result` of an answer flagged `isSafety`: the JSON text of the real result, encrypted. */
export interface SealedResult {
  readonly iv: string;
  readonly data: string;
}

/** The field that marks an answer whose `result` is a {@link SealedResult}. */
export const SAFETY_FLAG = 'isSafety';

/** Shown (and the session ended) when an encrypted answer or request cannot be decrypted. */
export const MSG_UNDECRYPTABLE = '无法解密已加密数据，尝试重新登录！';

/** A call that carries a body: only those can be safe (the key travels in the body). */
export interface SafeCall {
  readonly method: 'POST' | 'PUT';
  /** Path under the API base (origin + /system), as the browser writes it. */
  readonly path: string;
}

/**
 * The safe calls: the ones that carry passwords or certificates. This list is the one
 * declaration; each of these routes says `secure: true` in its config and the server refuses
 * to start when the two disagree (server/http/secure-call.ts).
 */
export const SAFE_CALLS: readonly SafeCall[] = [
  { method: 'POST', path: '/module/default/member/admin/nl/login' },
  { method: 'POST', path: '/sys/user/updatePassword' },
  { method: 'PUT', path: '/sys/user/changePassword' },
  { method: 'POST', path: '/sys/user/add' },
  { method: 'POST', path: '/module/default/security/admin/nl/certificate' },
  { method: 'POST', path: '/sys/phoneLogin' },
  { method: 'POST', path: '/sys/user/register' },
  { method: 'POST', path: '/sys/user/passwordChange' },
];

function pathOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/** Whether a call (method, path under the API base) is safe. */
export function isSafeCall(method: string, url: string): boolean {
  const upper = method.toUpperCase();
  const path = pathOf(url);
  return SAFE_CALLS.some((call) => call.method === upper && call.path === path);
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

/** Whether a parsed body has the shape of a {@link SealedRequest} (sizes bounded). */
export function isSealedRequest(value: unknown): value is SealedRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const body = value as Record<string, unknown>;
  return (
    Object.keys(body).length === 3 &&
    isText(body.key, 2048) &&
    isText(body.iv, 64) &&
    isText(body.data, 4 * 1024 * 1024)
  );
}

/** Whether a `result` has the shape of a {@link SealedResult}. */
export function isSealedResult(value: unknown): value is SealedResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const result = value as Record<string, unknown>;
  return isText(result.iv, 64) && typeof result.data === 'string';
}
