import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../src/contracts/envelope';
import {
  MSG_UNDECRYPTABLE,
  SAFETY_FLAG,
  SAFE_CALLS,
  SECURE_CIPHER,
  isSafeCall,
  isSealedRequest,
  type SealedRequest,
  type SealedResult,
} from '../../src/contracts/secure-call';
import type { ServerConfig } from '../config';
import { fail } from './envelope';

/** A safe call that came in plain while security mode is on. */
export const MSG_SEAL_REQUIRED = '该接口只接受加密传输的数据';

/**
 * The RSA key pair of security mode. The public half goes to browsers (verify call, login
 * result); the private half stays in this process.
 */
export interface SecurityKeys {
  /** SPKI DER, base64. */
  readonly publicKey: string;
  readonly privateKey: KeyObject;
}

const MIN_RSA_BITS = 2048;
const AES = 'aes-128-gcm';

/** The key pair when security mode is on: read from the configured file, or made now. */
export function loadSecurityKeys(config: ServerConfig): SecurityKeys | null {
  if (!config.securityMode) return null;
  let privateKey: KeyObject;
  if (config.securityKeyPath) {
    privateKey = createPrivateKey(fs.readFileSync(config.securityKeyPath));
    const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
    if (privateKey.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
      throw new Error(`SECURITY_KEY_PATH must hold an RSA key of ${MIN_RSA_BITS}+ bits`);
    }
  } else {
    privateKey = generateKeyPairSync('rsa', { modulusLength: MIN_RSA_BITS }).privateKey;
  }
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return { publicKey: publicKey.toString('base64'), privateKey };
}

function base64(text: string, bytes?: number): Buffer {
  const buffer = Buffer.from(text, 'base64');
  if (bytes !== undefined && buffer.length !== bytes) throw new Error('bad length');
  return buffer;
}

/** The body and AES key of a sealed request; throws when anything does not decrypt. */
export function openRequest(
  keys: SecurityKeys,
  sealed: SealedRequest,
): { body: unknown; key: Buffer } {
  const key = privateDecrypt(
    { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    base64(sealed.key),
  );
  if (key.length !== SECURE_CIPHER.keyBytes) throw new Error('bad key length');
  const iv = base64(sealed.iv, SECURE_CIPHER.ivBytes);
  const data = base64(sealed.data);
  if (data.length < SECURE_CIPHER.tagBytes) throw new Error('too short');
  const decipher = createDecipheriv(AES, key, iv);
  decipher.setAuthTag(data.subarray(data.length - SECURE_CIPHER.tagBytes));
  const text = Buffer.concat([
    decipher.update(data.subarray(0, data.length - SECURE_CIPHER.tagBytes)),
    decipher.final(),
  ]).toString('utf8');
  return { body: JSON.parse(text), key };
}

/** A result encrypted under the request's key with a fresh nonce. */
export function sealResult(key: Buffer, result: unknown): SealedResult {
  const iv = randomBytes(SECURE_CIPHER.ivBytes);
  const cipher = createCipheriv(AES, key, iv);
  const text = JSON.stringify(result === undefined ? null : result);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), data: data.toString('base64') };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A safe call (src/contracts/secure-call.ts SAFE_CALLS): its body travels encrypted. */
    secure?: boolean;
  }
  interface FastifyRequest {
    /** The AES key of a decrypted safe call; its answer is encrypted with it. */
    secureKey: Buffer | null;
  }
}

function isEnvelope(payload: unknown): payload is Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && 'success' in payload;
}

/**
 * Security mode on the wire. Routes say `secure: true` exactly when SAFE_CALLS lists them
 * (checked at start: the browser reads the same list). With the mode on, such a route takes
 * only a sealed body, decrypted here before any other hook or the schema sees it, and its
 * answer's result is sealed under the same key. With the mode off nothing changes.
 * Install before every other preValidation hook.
 */
export function installSecureCalls(
  app: FastifyInstance,
  options: { readonly apiPrefix: string; readonly keys: SecurityKeys | null },
): void {
  const { apiPrefix, keys } = options;
  app.decorateRequest('secureKey', null);

  const declared = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.secure) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.startsWith(apiPrefix) ? route.url.slice(apiPrefix.length) : route.url;
    for (const method of methods) {
      if (!isSafeCall(method, path)) {
        throw new Error(`${method} ${route.url} says secure but SAFE_CALLS does not list it`);
      }
      declared.add(`${method} ${path}`);
    }
  });
  app.addHook('onReady', async () => {
    const missing = SAFE_CALLS.filter((call) => !declared.has(`${call.method} ${call.path}`));
    if (missing.length > 0) {
      const names = missing.map((call) => `${call.method} ${call.path}`).join(', ');
      throw new Error(`SAFE_CALLS lists routes that do not say secure: ${names}`);
    }
  });

  if (!keys) return;
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.secure) return;
    if (!isSealedRequest(request.body)) {
      return reply.code(400).send(fail(MSG_SEAL_REQUIRED, ResultCode.BAD_REQUEST));
    }
    try {
      const opened = openRequest(keys, request.body);
      request.body = opened.body;
      request.secureKey = opened.key;
    } catch {
      // Tampered, or sealed with the key of an earlier start: the browser signs in again.
      return reply.code(400).send(fail(MSG_UNDECRYPTABLE, ResultCode.BAD_REQUEST));
    }
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!request.secureKey || !isEnvelope(payload)) return payload;
    return {
      ...payload,
      result: sealResult(request.secureKey, payload.result),
      [SAFETY_FLAG]: true,
    };
  });
}
