/**
 * Request signing (shell.md §7, jeecg-api.md §2.5): `X-Sign` is the upper-case MD5 of the
 * canonical parameter JSON followed by a fixed string, `X-TIMESTAMP` the send time in epoch ms.
 *
 * The fixed string ships inside the browser bundle, so it is not a secret: the signature only
 * stops naive tampering with signed parameters (dictionary codes) and replays outside the time
 * window. Authentication is the session token. The value is the reference system's default so
 * clients written for it stay wire-compatible.
 */
export const SIGN_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
export const SIGN_HEADER = 'X-Sign';
export const TIMESTAMP_HEADER = 'X-TIMESTAMP';
/** A signed call older or newer than this many milliseconds is refused. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;
/** Key under which a comma-holding last path segment joins the signed parameters. */
export const PATH_VARIABLE_KEY = 'x-path-variable';

export interface SignInput {
  /** URL query parameters, already decoded. `_t` is ignored. */
  readonly query: Readonly<Record<string, unknown>>;
  /** JSON body of a non-GET call; its top-level keys are signed. */
  readonly body?: unknown;
  /** Decoded last path segment; signed only when it contains a comma (table dictionaries). */
  readonly lastPathSegment?: string;
}

/** Collects, filters and sorts the signed parameters and renders them as compact JSON. */
export function canonicalSignParams(input: SignInput): string {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined || value === null) continue;
    params[key] = typeof value === 'string' ? value : String(value);
  }
  if (input.body && typeof input.body === 'object' && !Array.isArray(input.body)) {
    for (const [key, value] of Object.entries(input.body as Record<string, unknown>)) {
      if (value !== undefined) params[key] = value;
    }
  }
  if (input.lastPathSegment && input.lastPathSegment.includes(',')) {
    params[PATH_VARIABLE_KEY] = input.lastPathSegment;
  }
  delete params._t;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(params).sort()) sorted[key] = params[key];
  return JSON.stringify(sorted);
}

/** The string whose MD5 (hex, upper case) is `X-Sign`. */
export function signatureBase(input: SignInput): string {
  return canonicalSignParams(input) + SIGN_SECRET;
}
