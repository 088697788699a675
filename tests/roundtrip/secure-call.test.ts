/**
 * Network-security mode end to end: the browser runtime (Web Crypto) against the real server
 * (node:crypto), both reading src/contracts/secure-call.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SecurityVerifyResult } from '../../src/contracts/config';
import { MSG_UNDECRYPTABLE, SAFE_CALLS } from '../../src/contracts/secure-call';
import { unwrap } from '../../src/runtime/api';
import { PUBLIC } from '../../server/http/access';
import { loadConfig } from '../../server/config';
import {
  MSG_SEAL_REQUIRED,
  installSecureCalls,
  loadSecurityKeys,
} from '../../server/http/secure-call';
import { ok } from '../../server/http/envelope';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  type TestApp,
} from '../support/test-app';
import { browserRuntime, type WireExchange } from './browser-runtime';

const LOGIN = '/system/module/default/member/admin/nl/login';
const UPDATE_PASSWORD = '/system/sys/user/updatePassword';

/** Flips one character of a sealed value in a JSON text (still valid base64, wrong bytes). */
function flipSealed(text: string, field: 'data' | 'key'): string {
  const json = JSON.parse(text) as Record<string, unknown>;
  const holder = (field === 'data' && 'result' in json ? json.result : json) as Record<
    string,
    string
  >;
  const value = holder[field]!;
  holder[field] = (value[0] === 'A' ? 'B' : 'A') + value.slice(1);
  return JSON.stringify(json);
}

function exchange(wire: readonly WireExchange[], url: string): WireExchange {
  const found = wire.findLast((entry) => entry.url === url);
  if (!found) throw new Error(`no call to ${url}`);
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SECURITY_MODE: 'on' } });
  await createUser(t.db, { username: 'sec_user', password: DEMO_PASSWORD });
});
afterAll(() => t.close());

describe('security mode on', () => {
  it("verify says 'ok' and hands out the public key; no private key ever leaves", async () => {
    const browser = browserRuntime(t.app);
    const verify = unwrap(await browser.api.securityVerify());
    expect(verify.value).toBe('ok');
    expect(verify.publicKey.length).toBeGreaterThan(300);

    const result = unwrap(await browser.api.login({ username: 'admin', password: DEMO_PASSWORD }));
    expect(result.publicKey).toBe(verify.publicKey);
    expect(result.privateKey).toBe('');
  });

  it('login travels sealed both ways and the browser reads the plain result', async () => {
    const browser = browserRuntime(t.app);
    const result = unwrap(
      await browser.api.login({ username: 'sec_user', password: DEMO_PASSWORD }),
    );

    const wire = exchange(browser.wire, LOGIN);
    const sent = JSON.parse(wire.requestText) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['data', 'iv', 'key']);
    expect(wire.requestText).not.toContain('sec_user');
    expect(wire.requestText).not.toContain(DEMO_PASSWORD);
    const answered = JSON.parse(wire.responseText) as Record<string, unknown>;
    expect(answered).toMatchObject({ success: true, isSafety: true });
    expect(wire.responseText).not.toContain(result.tokenValue);

    // The token works, and what the browser got has no trace of the sealing.
    browser.session.saveLogin(result);
    expect(unwrap(await browser.api.userInfo()).username).toBe('sec_user');
    expect(Object.keys(result).sort()).toEqual(
      ['privateKey', 'publicKey', 'sessionTimeout', 'tokenValue'].sort(),
    );
  });

  it('a refused login says why in the clear (the message), sealed or not', async () => {
    const browser = browserRuntime(t.app);
    const answer = await browser.api.login({ username: 'sec_user', password: 'wrong-one' });
    expect(answer).toMatchObject({ success: false, message: '用户名或密码错误' });
  });

  it('a signed-in safe call (password change) round-trips sealed', async () => {
    await createUser(t.db, { username: 'sec_pw', password: DEMO_PASSWORD });
    const browser = browserRuntime(t.app);
    browser.session.saveLogin(
      unwrap(await browser.api.login({ username: 'sec_pw', password: DEMO_PASSWORD })),
    );
    const form = {
      username: 'sec_pw',
      oldpassword: DEMO_PASSWORD,
      password: 'New-Pass-2026',
      confirmpassword: 'New-Pass-2026',
    };
    const answer = await browser.api.updatePassword(form);
    expect(answer.success).toBe(true);
    expect(exchange(browser.wire, UPDATE_PASSWORD).requestText).not.toContain('New-Pass-2026');
    const again = browserRuntime(t.app);
    expect((await again.api.login({ username: 'sec_pw', password: 'New-Pass-2026' })).success).toBe(
      true,
    );
  });

  it('refuses a plain body on a safe route', async () => {
    const res = await call(t.app, 'POST', API.login, {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MSG_SEAL_REQUIRED });
    expect(res.text).not.toContain('tokenValue');
  });

  it('tampered request ciphertext: refused, the browser shows the message and logs out', async () => {
    const signedIn = browserRuntime(t.app);
    const login = unwrap(
      await signedIn.api.login({ username: 'sec_user', password: DEMO_PASSWORD }),
    );
    const browser = browserRuntime(t.app, {
      request: (url, text) => (url === UPDATE_PASSWORD ? flipSealed(text, 'data') : text),
    });
    browser.session.saveLogin(login);
    await expect(
      browser.api.updatePassword({
        username: 'sec_user',
        oldpassword: DEMO_PASSWORD,
        password: 'Never-Set-1',
        confirmpassword: 'Never-Set-1',
      }),
    ).rejects.toThrow(MSG_UNDECRYPTABLE);
    expect(JSON.parse(exchange(browser.wire, UPDATE_PASSWORD).responseText)).toMatchObject({
      success: false,
      message: MSG_UNDECRYPTABLE,
    });
    expect(browser.presenter.shown).toContainEqual({
      kind: 'message',
      level: 'error',
      text: MSG_UNDECRYPTABLE,
    });
    expect(browser.session.getToken()).toBeNull();
    await vi.waitFor(() => expect(browser.onSessionEnded).toHaveBeenCalled());
    // The password did not change.
    expect(
      (await signedIn.api.login({ username: 'sec_user', password: DEMO_PASSWORD })).success,
    ).toBe(true);
  });

  it('a wrapped key that is not ours is refused the same way', async () => {
    const browser = browserRuntime(t.app, {
      request: (url, text) => (url === LOGIN ? flipSealed(text, 'key') : text),
    });
    await expect(
      browser.api.login({ username: 'sec_user', password: DEMO_PASSWORD }),
    ).rejects.toThrow(MSG_UNDECRYPTABLE);
  });

  it('tampered answer ciphertext: the browser shows the message and logs out', async () => {
    const signedIn = browserRuntime(t.app);
    const login = unwrap(
      await signedIn.api.login({ username: 'sec_user', password: DEMO_PASSWORD }),
    );
    const browser = browserRuntime(t.app, {
      response: (url, text) => (url === UPDATE_PASSWORD ? flipSealed(text, 'data') : text),
    });
    browser.session.saveLogin(login);
    // A wrong old password: the server changes nothing, and answers sealed.
    await expect(
      browser.api.updatePassword({
        username: 'sec_user',
        oldpassword: 'not-the-password',
        password: 'Never-Set-2',
        confirmpassword: 'Never-Set-2',
      }),
    ).rejects.toThrow(MSG_UNDECRYPTABLE);
    expect(JSON.parse(exchange(browser.wire, UPDATE_PASSWORD).responseText)).toMatchObject({
      isSafety: true,
    });
    expect(browser.presenter.shown).toContainEqual({
      kind: 'message',
      level: 'error',
      text: MSG_UNDECRYPTABLE,
    });
    expect(browser.session.getToken()).toBeNull();
    await vi.waitFor(() => expect(browser.onSessionEnded).toHaveBeenCalled());
  });

  it('calls that are not safe travel and answer plain', async () => {
    const browser = browserRuntime(t.app);
    browser.session.saveLogin(
      unwrap(await browser.api.login({ username: 'admin', password: DEMO_PASSWORD })),
    );
    unwrap(await browser.api.permissions());
    const wire = exchange(browser.wire, API.permissions);
    expect(wire.responseText).not.toContain('isSafety');
    expect(wire.responseText).toContain('"menu"');
  });
});

describe('security mode off (the default)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it("verify says 'off' and safe calls travel plain", async () => {
    const browser = browserRuntime(plain.app);
    const verify: SecurityVerifyResult = unwrap(await browser.api.securityVerify());
    expect(verify).toEqual({ value: 'off', publicKey: '', certificateMode: false });
    const result = unwrap(await browser.api.login({ username: 'admin', password: DEMO_PASSWORD }));
    expect(result.publicKey).toBe('');
    const wire = exchange(browser.wire, LOGIN);
    expect(JSON.parse(wire.requestText)).toMatchObject({ username: 'admin' });
    expect(wire.responseText).not.toContain('isSafety');
  });
});

describe('keys and declarations', () => {
  it('a configured private key is used by every process that reads it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-key-'));
    const file = path.join(dir, 'security.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const config = loadConfig({ SECURITY_MODE: 'on', SECURITY_KEY_PATH: file });
    expect(loadSecurityKeys(config)?.publicKey).toBe(loadSecurityKeys(config)?.publicKey);
    const fresh = loadConfig({ SECURITY_MODE: 'on' });
    expect(loadSecurityKeys(fresh)?.publicKey).not.toBe(loadSecurityKeys(fresh)?.publicKey);
    expect(loadSecurityKeys(loadConfig({}))).toBeNull();
    fs.rmSync(dir, { recursive: true });
  });

  it('every safe call of the contract is a route that says secure, and no other is', async () => {
    const secureRoutes = t.routes
      .filter((route) => SAFE_CALLS.some((c) => `/system${c.path}` === route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(secureRoutes.sort()).toEqual(
      SAFE_CALLS.map((c) => `${c.method} /system${c.path}`).sort(),
    );
    // The API document marks them.
    const browser = browserRuntime(t.app);
    const { tokenValue } = unwrap(
      await browser.api.login({ username: 'admin', password: DEMO_PASSWORD }),
    );
    const doc = await call(t.app, 'GET', '/system/openapi.json', { token: tokenValue });
    const paths = (doc.body as unknown as { paths: Record<string, Record<string, object>> }).paths;
    const marked = Object.entries(paths).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => 'x-secure' in operation)
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(marked.sort()).toEqual(secureRoutes.sort());

    // A route that says secure without being listed, and a listed call with no route.
    const bare = Fastify();
    installSecureCalls(bare, { apiPrefix: '/system', keys: null });
    expect(() =>
      bare.post('/system/sys/not-listed', { config: { access: PUBLIC, secure: true } }, () =>
        ok(null),
      ),
    ).toThrow(/SAFE_CALLS does not list it/);
    await expect(bare.ready()).rejects.toThrow(/do not say secure/);
  });
});
