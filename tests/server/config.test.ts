import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseConfig, SecurityVerifyResult } from '../../src/contracts/config';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('configCenter', () => {
  it('answers baseConfig without a token', async () => {
    const res = await call<BaseConfig>(t.app, 'GET', API.config, { query: { key: 'baseConfig' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toEqual({
      companyName: expect.any(String),
      productName: expect.any(String),
      productSlogan: expect.any(String),
    });
    expect(res.body.result.productName.length).toBeGreaterThan(0);
  });

  it('refuses any other key, with or without a token', async () => {
    // A private entry in the same table must stay private.
    await t.db
      .insertInto('sys_config')
      .values({ configKey: 'smtpConfig', configValue: JSON.stringify({ password: 'smtp-secret' }) })
      .execute();
    const token = await login(t.app, 'admin', DEMO_PASSWORD);
    for (const key of ['smtpConfig', 'noSuchKey', 'BASECONFIG', 'baseConfig ']) {
      for (const auth of [undefined, token]) {
        const res = await call(t.app, 'GET', API.config, { query: { key }, token: auth });
        expect(res.body.success).toBe(false);
        expect(res.body.result).toBeNull();
        expect(res.text).not.toContain('smtp-secret');
      }
    }
  });

  it('refuses a call without a key (400 envelope)', async () => {
    const res = await call(t.app, 'GET', API.config);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 400 });
  });
});

describe('security verify', () => {
  it("answers {value: 'off'} by default, without a token", async () => {
    const res = await call<SecurityVerifyResult>(t.app, 'GET', API.securityVerify);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, result: { value: 'off' } });
  });
});
