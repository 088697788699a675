/**
 * What changed between two JSON documents, as JSON pointers (RFC 6901) of the leaves that were
 * added, removed or changed. Objects are compared key by key and arrays index by index; a leaf
 * is a primitive, an empty object or an empty array. Pure; the page store records the result
 * with each version, 报表配置's history shows what an old version changes against the draft.
 */

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a/b` → `a~1b`, `~` → `~0`. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function children(value: Json): [string, Json][] | null {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  if (isPlainObject(value)) return Object.entries(value);
  return null;
}

/** Pointers of every leaf under `value` (the pointer itself when it is a leaf). */
function leaves(value: Json, at: string, out: string[]): void {
  const entries = children(value);
  if (!entries || entries.length === 0) {
    out.push(at);
    return;
  }
  for (const [key, child] of entries) leaves(child, `${at}/${escapePointerToken(key)}`, out);
}

function walk(before: Json, after: Json, at: string, out: string[]): void {
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  const bothObjects = isPlainObject(before) && isPlainObject(after);
  if (bothArrays) {
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) {
      const child = `${at}/${i}`;
      if (i >= before.length) leaves(after[i], child, out);
      else if (i >= after.length) leaves(before[i], child, out);
      else walk(before[i], after[i], child, out);
    }
    return;
  }
  if (bothObjects) {
    for (const key of Object.keys(before)) {
      const child = `${at}/${escapePointerToken(key)}`;
      if (Object.hasOwn(after, key)) walk(before[key], after[key], child, out);
      else leaves(before[key], child, out);
    }
    for (const key of Object.keys(after)) {
      if (!Object.hasOwn(before, key)) leaves(after[key], `${at}/${escapePointerToken(key)}`, out);
    }
    return;
  }
  if (Object.is(before, after)) return;
  // Different kinds (or different primitives): everything on both sides changed.
  const changed: string[] = [];
  if (before !== undefined) leaves(before, at, changed);
  if (after !== undefined) leaves(after, at, changed);
  for (const pointer of changed) if (!out.includes(pointer)) out.push(pointer);
}

/**
 * JSON pointers of the leaves that differ between `before` and `after`, in document order
 * (before's keys first, then keys only `after` has). The whole document is `''`.
 */
export function diffJson(before: Json, after: Json): string[] {
  const out: string[] = [];
  walk(before, after, '', out);
  return out;
}
