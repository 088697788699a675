import { md5 } from 'js-md5';
import { SIGN_HEADER, TIMESTAMP_HEADER, signatureBase, type SignInput } from '../contracts/sign';

/** X-Sign of a request: upper-case MD5 of the canonical parameters plus the fixed string. */
export function computeSign(input: SignInput): string {
  return md5(signatureBase(input)).toUpperCase();
}

/** The signing headers for a request sent at `now`. */
export function signHeaders(input: SignInput, now: number): Record<string, string> {
  return { [SIGN_HEADER]: computeSign(input), [TIMESTAMP_HEADER]: String(now) };
}

/** The decoded last path segment of a URL (table-dictionary codes hold commas). */
export function lastSegment(url: string): string {
  const path = url.split('?')[0] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
