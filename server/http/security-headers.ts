import type { FastifyInstance } from 'fastify';

/**
 * The browser app's security headers, in one place. Every answer carries
 * `X-Content-Type-Options: nosniff` and a Referrer-Policy; everything outside the API (the
 * built app's files and the index.html served for client routes) also carries the
 * Content-Security-Policy and `X-Frame-Options` (for browsers without `frame-ancestors`).
 */

/** The policy, directive by directive. */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // Only the bundle's own files: index.html holds no inline script, and nothing is evaluated
  // (the page meta-schema and props schemas are compiled ahead of time, `npm run generate`).
  'script-src': ["'self'"],
  // antd (cssinjs) and monaco insert <style> elements and style attributes at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Avatars and previews may be data: or blob: URLs (uploads previewed before they are sent).
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // API calls and the table-sync socket: same origin ('self' matches ws:/wss: of the same host
  // in CSP Level 3 browsers).
  'connect-src': ["'self'"],
  // monaco's web workers are files of the bundle.
  'worker-src': ["'self'"],
  // Menus may show an external page inside the app (layouts/IframePageView, http(s) only).
  'frame-src': ["'self'", 'https:', 'http:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

export function contentSecurityPolicy(): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Adds the headers to every answer (hooks run for static files and the 404 handler too). */
export function installSecurityHeaders(app: FastifyInstance, apiPrefix: string): void {
  const policy = contentSecurityPolicy();
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', REFERRER_POLICY);
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname !== apiPrefix && !pathname.startsWith(`${apiPrefix}/`)) {
      reply.header('content-security-policy', policy);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
  });
}
