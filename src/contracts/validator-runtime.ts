/**
 * The two helpers ajv's generated validators call (src/contracts/generated/validators.js),
 * written here as plain ES modules: importing ajv's CommonJS runtime files would depend on how
 * each bundler unwraps `module.exports.default`.
 */

/** Length of a string in Unicode code points (JSON Schema `minLength` / `maxLength`). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    length++;
  }
  return length;
}

/** Deep equality of JSON values (`const`, `enum` and `uniqueItems` on objects and arrays). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is not JSON, but equal to itself for ajv.
    return a !== a && b !== b;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && equal(left[key], right[key]));
}
