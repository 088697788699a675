import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto, no dependency). The stored form carries its own
 * parameters, `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`, so the cost can be raised later
 * and old hashes still verify (and get re-hashed on the next successful login).
 *
 * Cost: N = 2^15, r = 8, p = 1 (32 MiB, ~150 ms on the 2-core reference machine).
 */
export const CURRENT_PARAMS = { logN: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function optionsFor(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

export async function hashPassword(password: string): Promise<string> {
  const { logN, r, p } = CURRENT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, optionsFor(logN, r, p));
  return ['scrypt', logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every((n) => Number.isInteger(n) && n! > 0) || logN! > 22) return null;
  return {
    logN: logN!,
    r: r!,
    p: p!,
    salt: Buffer.from(parts[4]!, 'base64'),
    key: Buffer.from(parts[5]!, 'base64'),
  };
}

/** A hash nobody's password matches; verified against when the user does not exist. */
let decoy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash in constant time. With `stored` null (no such user)
 * it still spends one hash, so response time does not reveal which usernames exist.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parse(stored ?? (await decoy));
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, optionsFor(parsed.logN, parsed.r, parsed.p));
  return stored !== null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { logN, r, p } = CURRENT_PARAMS;
  return parsed.logN < logN || parsed.r < r || parsed.p < p;
}
