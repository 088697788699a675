import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelLoginResult } from '../../src/contracts/sign-in';
import { loadConfig } from '../../server/config';
import { missingSignInRoles } from '../../server/modules/sign-in/startup-checks';
import { startTencentSms } from '../support/tencent-sms';
import { call, createTestApp, createUser, type TestApp } from '../support/test-app';

/**
 * SMS_PROVIDER=tencent (issue 24): codes go out through Tencent Cloud's official SDK, pointed by
 * TENCENT_SMS_ENDPOINT at a stand-in of the SendSms API on 127.0.0.1 that checks the
 * signature. Also the keyed code hashes (SMS_CODE_SECRET) and the start-time role check.
 */

const SECRET_ID = 'AKIDstandin';
const SECRET_KEY = 'stand-in-secret-key';
const CODE_SECRET = 'test-sms-code-secret';

let t: TestApp;
let tencent: Awaited<ReturnType<typeof startTencentSms>>;
let seq = 0;
const nextAddress = () => `10.8.0.${++seq}`;

beforeAll(async () => {
  tencent = await startTencentSms(SECRET_KEY);
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: SECRET_ID,
      TENCENT_SMS_SECRET_KEY: SECRET_KEY,
      TENCENT_SMS_APP_ID: '1400000001',
      TENCENT_SMS_SIGN: '示例科技',
      TENCENT_SMS_TEMPLATE_ID: '100001',
      TENCENT_SMS_NOTICE_TEMPLATE_ID: '100002',
      TENCENT_SMS_ENDPOINT: tencent.endpoint,
      SMS_CODE_SECRET: CODE_SECRET,
      REGISTRATION: 'on',
      REGISTRATION_ROLE: 'staff',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await tencent?.close();
});

async function userWithPhone(): Promise<{ username: string; phone: string }> {
  const username = `tc_${++seq}_${Date.now() % 100000}`;
  const phone = `137${String(10_000_000 + seq * 13 + (Date.now() % 13)).slice(-8)}`;
  const id = await createUser(t.db, { username, password: 'Old12345', roleCodes: ['staff'] });
  await t.db.updateTable('sys_user').set({ phone }).where('id', '=', id).execute();
  return { username, phone };
}

async function ask(mobile: string, smsmode: number) {
  const after = tencent.calls.length;
  const { body } = await call(t.app, 'POST', '/system/sys/sms', {
    body: { mobile, smsmode },
    remoteAddress: nextAddress(),
  });
  expect(body).toMatchObject({ success: true, message: '验证码已发送' });
  return tencent.next(mobile, after);
}

describe('SMS_PROVIDER=tencent', () => {
  it('sends a signed SendSms with the code template, and the code signs the user in', async () => {
    const user = await userWithPhone();
    const sent = await ask(user.phone, 0);
    expect(sent).toMatchObject({
      action: 'SendSms',
      version: '2021-01-11',
      region: 'ap-guangzhou',
      secretId: SECRET_ID,
      signed: true,
    });
    expect(sent.body).toMatchObject({
      PhoneNumberSet: [`+86${user.phone}`],
      SmsSdkAppId: '1400000001',
      SignName: '示例科技',
      TemplateId: '100001',
    });
    const [purpose, code, minutes] = sent.body.TemplateParamSet;
    expect([purpose, minutes]).toEqual(['登录', '5']);
    expect(code).toMatch(/^\d{6}$/);

    const { body } = await call<ChannelLoginResult>(t.app, 'POST', '/system/sys/phoneLogin', {
      body: { mobile: user.phone, captcha: code },
      remoteAddress: nextAddress(),
    });
    expect(body.success).toBe(true);
    expect(body.result?.userInfo.username).toBe(user.username);
  });

  it('keeps only a hash keyed with SMS_CODE_SECRET', async () => {
    const user = await userWithPhone();
    const code = (await ask(user.phone, 2)).body.TemplateParamSet[1]!;
    const row = await t.db
      .selectFrom('sys_sms_code')
      .select(['id', 'codeHash'])
      .where('mobile', '=', user.phone)
      .executeTakeFirstOrThrow();
    const keyed = createHmac('sha256', CODE_SECRET).update(`${row.id}:${code}`).digest('hex');
    expect(row.codeHash).toBe(keyed);
    expect(row.codeHash).not.toContain(code);
  });

  it('sends the notice template, without variables, to a registered number asking to register', async () => {
    const user = await userWithPhone();
    const sent = await ask(user.phone, 1);
    expect(sent.body).toMatchObject({ TemplateId: '100002', TemplateParamSet: [] });
  });

  it('answers the same when Tencent refuses the number, and the refused code is not usable', async () => {
    const user = await userWithPhone();
    tencent.refuse('LimitExceeded.PhoneNumberDailyLimit');
    try {
      const sent = await ask(user.phone, 0);
      expect(sent.body.TemplateId).toBe('100001');
    } finally {
      tencent.refuse(null);
    }
    const { body } = await call(t.app, 'POST', '/system/sys/phoneLogin', {
      body: { mobile: user.phone, captcha: '000000' },
      remoteAddress: nextAddress(),
    });
    expect(body).toMatchObject({ success: false });
  });
});

describe('tencent and sign-in settings', () => {
  it('names each missing TENCENT_SMS_ variable and refuses other providers by name', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/TENCENT_SMS_SECRET_ID/);
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'a',
        TENCENT_SMS_SECRET_KEY: 'b',
        TENCENT_SMS_APP_ID: 'c',
        TENCENT_SMS_SIGN: 'd',
      }),
    ).toThrow(/TENCENT_SMS_TEMPLATE_ID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/log, webhook or tencent/);
  });

  it('finds, at the start, a REGISTRATION_ROLE or OIDC role that names no role', async () => {
    const env = {
      SMS_PROVIDER: 'log',
      REGISTRATION: 'on',
      OIDC_CORP_ISSUER: 'http://127.0.0.1:1/',
      OIDC_CORP_CLIENT_ID: 'admin',
      OIDC_CORP_CREATE_USERS: 'on',
    };
    const wrong = loadConfig({ ...env, REGISTRATION_ROLE: 'no_such', OIDC_CORP_ROLE: 'nor_this' });
    expect(await missingSignInRoles(t.db, wrong.signIn)).toEqual([
      'REGISTRATION_ROLE names no role: "no_such" (角色管理 lists the role codes)',
      'OIDC_CORP_ROLE names no role: "nor_this" (角色管理 lists the role codes)',
    ]);
    const right = loadConfig({ ...env, REGISTRATION_ROLE: 'staff', OIDC_CORP_ROLE: 'staff' });
    expect(await missingSignInRoles(t.db, right.signIn)).toEqual([]);
  });
});
