/**
 * `next` with every part that equals the same part of `prev` replaced by `prev`'s object, so
 * what did not change keeps its identity (and memoised views of it need not redraw). JSON
 * values only (what a parsed draft holds); `prev` itself when nothing differs.
 */
export function keepEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) {
    return next;
  }
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = prev as unknown[];
    const items = next.map((item, i) => keepEqual(before[i], item));
    const same = items.length === before.length && items.every((item, i) => item === before[i]);
    return (same ? prev : items) as T;
  }
  const before = prev as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const entries = keys.map((key) => [key, keepEqual(before[key], after[key])] as const);
  const same =
    keys.length === Object.keys(before).length &&
    entries.every(([key, value]) => Object.hasOwn(before, key) && before[key] === value);
  return (same ? prev : Object.fromEntries(entries)) as T;
}
