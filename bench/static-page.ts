import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * What the browser benches share: Chromium's flags, a static server for a page built into a
 * folder, and percentiles.
 */

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Serves the files of `dir` (a built page) on 127.0.0.1:`port`; `/` is its index.html. */
export function servePage(dir: string, port: number): http.Server {
  return http
    .createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const file = path.join(dir, url.pathname === '/' ? 'index.html' : url.pathname);
      if (!file.startsWith(dir) || !fs.existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      fs.createReadStream(file).pipe(response);
    })
    .listen(port, '127.0.0.1');
}

/** The p-th percentile (nearest rank); NaN without values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
