import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEMO_PASSWORD, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * The browser app is served with a Content-Security-Policy that allows no inline script and no
 * framing by other sites, nosniff and a Referrer-Policy; API answers get nosniff and the
 * Referrer-Policy too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-static-'));
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
  );
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

async function get(url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: token ? { 'x-access-token': token } : {},
  });
}

/** The policy as directive → sources. */
function directives(header: string | number | string[] | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('headers of the browser app', () => {
  it.each([
    ['index.html for a client route', '/isystem/user', 'text/html'],
    ['index.html for the login screen', '/user/login', 'text/html'],
    ['a file of the bundle', '/assets/app.js', 'javascript'],
  ])('%s carries the policy', async (_label, url, type) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');

    const policy = directives(res.headers['content-security-policy']);
    const scripts = policy.get('script-src');
    // Only the bundle's files: no inline script, no eval, no other host.
    expect(scripts).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('API answers, refusals and errors carry nosniff and the Referrer-Policy', async () => {
    const token = await login(t.app, 'admin', DEMO_PASSWORD);
    const answers = [
      await get(API.userInfo, token),
      await get(API.userInfo),
      await get('/system/no/such/route', token),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('index.html holds no inline script (every <script> loads a file)', () => {
    const html = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers either
  });
});
