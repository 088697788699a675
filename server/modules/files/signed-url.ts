import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Expiring signed URLs for stored files, for what cannot send the token header (`<img src>`):
 * `sig=<expiresMillis>.<hmac(path, expires)>`, signed with a server secret.
 */

/** How long a signed URL works. */
export const SIGNED_URL_MINUTES = 10;

export interface UrlSigner {
  sign(relativePath: string, now?: number): string;
  verify(relativePath: string, sig: string, now?: number): boolean;
}

export function urlSigner(secret: string | null): UrlSigner {
  const key = secret ?? randomBytes(32).toString('hex');
  const mac = (relativePath: string, expires: number) =>
    createHmac('sha256', key).update(`${relativePath}\n${expires}`).digest('base64url');
  return {
    sign(relativePath, now = Date.now()) {
      const expires = now + SIGNED_URL_MINUTES * 60_000;
      return `${expires}.${mac(relativePath, expires)}`;
    },
    verify(relativePath, sig, now = Date.now()) {
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(sig);
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires < now) return false;
      const expected = Buffer.from(mac(relativePath, expires));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
