import type { SecurityVerifyResult } from '../contracts/config';
import {
  MSG_UNDECRYPTABLE,
  SECURE_CIPHER,
  SECURITY_ON,
  isSealedResult,
  type SealedRequest,
} from '../contracts/secure-call';

/** Said when security mode is on but the page has no Web Crypto (plain http off localhost). */
export const MSG_NO_WEB_CRYPTO = '网络安全模式需要通过 HTTPS 访问本系统';

/** An encrypted answer (or request) that does not decrypt: the session has to start again. */
export class UndecryptableError extends Error {
  constructor() {
    super(MSG_UNDECRYPTABLE);
    this.name = 'UndecryptableError';
  }
}

/** The body of one safe call, sealed, and the key its answer comes back under. */
export interface SealedCall {
  readonly body: SealedRequest;
  readonly key: CryptoKey;
}

/**
 * Security mode in the browser (src/contracts/secure-call.ts): asks the server once whether
 * the mode is on and for its public key, seals safe calls' bodies, opens flagged answers.
 */
export interface SecureChannel {
  /** The sealed body when the mode is on; null when the call travels plain. */
  seal(data: unknown): Promise<SealedCall | null>;
  /** The plain result of an answer flagged `isSafety`; throws UndecryptableError. */
  open(result: unknown, key: CryptoKey | null): Promise<unknown>;
  /** Forgets the server's answer (its key may have changed): the next call asks again. */
  reset(): void;
}

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface SecureChannelDeps {
  /**
   * The verify call's result; null when the server did not answer it successfully (the mode
   * counts as off). A throw (no answer at all) fails the safe call; the next one asks again.
   */
  readonly probe: () => Promise<SecurityVerifyResult | null>;
  /** Web Crypto; the page's own by default (absent outside a secure context). */
  readonly crypto?: Crypto | undefined;
}

export function createSecureChannel(deps: SecureChannelDeps): SecureChannel {
  const webCrypto = 'crypto' in deps ? deps.crypto : globalThis.crypto;
  let serverKey: Promise<CryptoKey | null> | null = null;

  const importServerKey = async (): Promise<CryptoKey | null> => {
    const answer = await deps.probe();
    if (answer?.value !== SECURITY_ON) return null;
    if (!webCrypto?.subtle) throw new Error(MSG_NO_WEB_CRYPTO);
    return webCrypto.subtle.importKey(
      'spki',
      fromBase64(answer.publicKey),
      { name: 'RSA-OAEP', hash: SECURE_CIPHER.oaepHash },
      false,
      ['encrypt'],
    );
  };

  const currentServerKey = () => {
    serverKey ??= importServerKey().catch((error: unknown) => {
      serverKey = null; // not known: ask again on the next safe call
      throw error;
    });
    return serverKey;
  };

  return {
    async seal(data) {
      const rsa = await currentServerKey();
      if (!rsa || !webCrypto) return null;
      const subtle = webCrypto.subtle;
      const raw = webCrypto.getRandomValues(new Uint8Array(SECURE_CIPHER.keyBytes));
      const iv = webCrypto.getRandomValues(new Uint8Array(SECURE_CIPHER.ivBytes));
      const key = await subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
      const text = new TextEncoder().encode(JSON.stringify(data ?? {}));
      const [wrapped, sealed] = await Promise.all([
        subtle.encrypt({ name: 'RSA-OAEP' }, rsa, raw),
        subtle.encrypt({ name: 'AES-GCM', iv }, key, text),
      ]);
      raw.fill(0);
      return {
        body: { key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(sealed) },
        key,
      };
    },
    async open(result, key) {
      if (!key || !webCrypto?.subtle || !isSealedResult(result)) throw new UndecryptableError();
      try {
        const plain = await webCrypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(result.iv) },
          key,
          fromBase64(result.data),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as unknown;
      } catch {
        throw new UndecryptableError();
      }
    },
    reset() {
      serverKey = null;
    },
  };
}
