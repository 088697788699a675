import type { ExpiringCache } from './expiring-cache';
import { CacheKey } from './constants';

/**
 * Certificate mode: the certificate this browser uploaded (PEM), kept until another replaces
 * it. A certificate is public data, not a secret: keeping it in local storage exposes nothing
 * a copy of the file would not. The server checks it again on every login.
 */
export interface CertificateStore {
  get(): string | null;
  set(pem: string): void;
  clear(): void;
}

export function createCertificateStore(cache: ExpiringCache): CertificateStore {
  return {
    get: () => cache.get<string>(CacheKey.CLIENT_CERTIFICATE),
    set: (pem) => cache.set(CacheKey.CLIENT_CERTIFICATE, pem),
    clear: () => cache.remove(CacheKey.CLIENT_CERTIFICATE),
  };
}

/**
 * The PEM text of a certificate file: PEM as it is; DER (`.cer` / `.crt` files are often
 * binary) wrapped as PEM, 64 base64 characters a line.
 */
export function certificateText(bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes);
  if (text.includes('-----BEGIN')) return text;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
