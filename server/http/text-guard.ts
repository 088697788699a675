import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Text no route can store: NUL (U+0000, refused by PostgreSQL in text, so it used to end as a
 * 500) and lone UTF-16 surrogates (JSON allows `"\ud800"`; stored, they silently become U+FFFD).
 * With the `u` flag a surrogate pair is one code point, so the class matches only lone halves.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const ILLEGAL = /[\u0000\uD800-\uDFFF]/u;
const ILLEGAL_ALL = new RegExp(ILLEGAL.source, 'gu');

export function illegalTextMessage(field: string): string {
  return `参数 ${field} 含有非法字符`;
}

/** A name fit for the message: the offending characters shown as U+FFFD. */
function shown(name: string): string {
  return name.replace(ILLEGAL_ALL, '\uFFFD');
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * The dotted path (`items.0.name`) of the first string value or object key holding illegal
 * text, or null when all is well. Walks with its own stack, so deep nesting cannot overflow.
 */
export function findIllegalText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (ILLEGAL.test(current)) return path || 'body';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        pending.push([current[i], join(path, String(i))]);
      }
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (ILLEGAL.test(key)) return join(path, shown(key));
        pending.push([child, join(path, key)]);
      }
    }
  }
  return null;
}

/** Throws the 400 envelope naming the field when `value` holds illegal text. */
export function assertLegalText(value: unknown): void {
  const field = findIllegalText(value);
  if (field !== null) throw badRequest(illegalTextMessage(field));
}

/**
 * The same refusal for a value a route decodes itself from the text of `field` (JSON in a query
 * parameter or a body field): `\u0000` in that JSON is only NUL once parsed, so the guard of
 * the request never saw it. The message names the place (`superQueryParams.0.val`).
 */
export function assertLegalDecoded(value: unknown, field: string): void {
  const at = findIllegalText(value);
  if (at !== null) throw badRequest(illegalTextMessage(at === 'body' ? field : `${field}.${at}`));
}

/** Path parameters by name, the wildcard (`*`, a file path) called `path`. */
function namedParams(params: unknown): unknown {
  if (params === null || typeof params !== 'object' || !('*' in params)) return params;
  const { '*': path, ...named } = params as Record<string, unknown>;
  return { path, ...named };
}

/**
 * Refuses illegal text in the path parameters, query and parsed body of every route, before
 * access derivation, signature check, schema validation and the handler see it. Multipart
 * text fields are checked where an upload is read (`withUploadedFile`).
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertLegalText(namedParams(request.params));
    assertLegalText(request.query);
    assertLegalText(request.body);
  });
}
