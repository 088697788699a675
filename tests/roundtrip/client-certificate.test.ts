/**
 * Certificate mode end to end: the browser runtime uploads and keeps a certificate, the real
 * server checks it against its CA on the upload and on every login. The PEM files are test-only
 * certificates (tests/fixtures/certificates/README.md); no private key is kept anywhere.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_CERT_MISMATCH,
  MSG_CERT_REQUIRED,
  MSG_CERT_SET,
  MSG_CERT_UPLOAD_FAILED,
} from '../../src/contracts/client-certificate';
import { unwrap } from '../../src/runtime/api';
import { certificateText } from '../../src/runtime/client-certificate';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../support/test-app';
import { browserRuntime, type BrowserRuntime } from './browser-runtime';

const FIXTURES = path.resolve(__dirname, '../fixtures/certificates');
const CA_PATH = path.join(FIXTURES, 'test-ca.pem');
const pem = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.pem`), 'utf8');

/** Signs in as the login screen does: with the certificate this browser keeps, if any. */
async function loginAsScreen(browser: BrowserRuntime) {
  const kept = browser.certificate.get();
  return browser.api.login({
    username: 'admin',
    password: DEMO_PASSWORD,
    ...(kept ? { certificate: kept } : {}),
  });
}

describe.each<{ mode: string; env: Record<string, string> }>([
  { mode: 'certificate mode', env: { CERT_MODE: 'on', CERT_CA_PATH: CA_PATH } },
  {
    mode: 'certificate mode with security mode',
    env: { CERT_MODE: 'on', CERT_CA_PATH: CA_PATH, SECURITY_MODE: 'on' },
  },
])('$mode', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  it('verify tells the login screen that the mode is on', async () => {
    const browser = browserRuntime(t.app);
    expect(unwrap(await browser.api.securityVerify()).certificateMode).toBe(true);
  });

  it('login without a certificate is refused', async () => {
    const browser = browserRuntime(t.app);
    expect(await loginAsScreen(browser)).toMatchObject({
      success: false,
      message: MSG_CERT_REQUIRED,
    });
  });

  it('a certificate of the CA is accepted, kept, and lets the browser sign in', async () => {
    const browser = browserRuntime(t.app);
    const answer = await browser.api.checkCertificate(pem('client-of-test-ca'));
    expect(answer).toMatchObject({ success: true, message: MSG_CERT_SET });
    expect(unwrap(answer).subject).toContain('client');
    browser.certificate.set(pem('client-of-test-ca'));

    const login = await loginAsScreen(browser);
    expect(login.success).toBe(true);
    browser.session.saveLogin(unwrap(login));
    expect(unwrap(await browser.api.userInfo()).username).toBe('admin');
  });

  it.each([
    ['a certificate of another CA', 'client-of-other-ca'],
    ['a certificate of an impostor CA with the same name', 'client-of-impostor-ca'],
    ['an expired certificate of the CA', 'expired-client-of-test-ca'],
    ['the CA certificate itself', 'test-ca'],
  ])('%s does not match, on upload and at login', async (_label, name) => {
    const browser = browserRuntime(t.app);
    expect(await browser.api.checkCertificate(pem(name))).toMatchObject({
      success: false,
      message: MSG_CERT_MISMATCH,
    });
    // A browser that kept it anyway (or a caller that skips the upload) is refused at login.
    browser.certificate.set(pem(name));
    expect(await loginAsScreen(browser)).toMatchObject({
      success: false,
      message: MSG_CERT_MISMATCH,
    });
  });

  it('a binary (DER) certificate file is read as the same certificate', async () => {
    const browser = browserRuntime(t.app);
    const der = new Uint8Array(new X509Certificate(pem('client-of-test-ca')).raw);
    const answer = await browser.api.checkCertificate(certificateText(der));
    expect(answer).toMatchObject({ success: true, message: MSG_CERT_SET });
  });

  it('a file that is no certificate fails the upload', async () => {
    const browser = browserRuntime(t.app);
    const answer = await browser.api.checkCertificate('-----BEGIN CERTIFICATE-----\nnope\n');
    expect(answer).toMatchObject({ success: false, message: MSG_CERT_UPLOAD_FAILED });
  });
});

describe('certificate mode off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('login needs no certificate and the upload is not offered', async () => {
    const browser = browserRuntime(t.app);
    expect(unwrap(await browser.api.securityVerify()).certificateMode).toBe(false);
    expect((await loginAsScreen(browser)).success).toBe(true);
    expect(await browser.api.checkCertificate(pem('client-of-test-ca'))).toMatchObject({
      success: false,
      message: MSG_CERT_UPLOAD_FAILED,
    });
  });

  it('refuses to start in certificate mode without a CA', () => {
    expect(() => loadConfig({ CERT_MODE: 'on' })).toThrow(/CERT_CA_PATH/);
  });
});
