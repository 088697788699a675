import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contracts/session';
import type { ChannelLoginResult, LoginOptions } from '../../src/contracts/sign-in';
import { loadConfig } from '../../server/config';
import { REGISTERED_NOTICE } from '../../server/modules/sign-in/sms-senders';
import { startSmsWebhook } from '../support/sms-webhook';
import { API, call, createTestApp, createUser, login, type TestApp } from '../support/test-app';

/**
 * Phone and SMS code (issue 24): POST /sys/sms, /sys/phoneLogin, registration and the reset by
 * phone, against the real app with SMS_PROVIDER=webhook and a gateway stand-in on 127.0.0.1.
 */

const SECRET = 'test-webhook-secret';
const SMS = '/system/sys/sms';
const PHONE_LOGIN = '/system/sys/phoneLogin';
const REGISTER = '/system/sys/user/register';
const RESET = '/system/sys/user/passwordChange';
const OPTIONS = '/system/sys/loginOptions';

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startSmsWebhook>>;
let address = 0;
/** Each test its own client address, so the per-address limits of one do not touch another. */
const nextAddress = () => `10.9.${Math.floor(++address / 200)}.${address % 200}`;

beforeAll(async () => {
  gateway = await startSmsWebhook(SECRET);
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: gateway.url,
      SMS_WEBHOOK_SECRET: SECRET,
      REGISTRATION: 'on',
      REGISTRATION_ROLE: 'staff',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

let phoneSeq = 0;
/** A number of its own for each use. */
const newPhone = () =>
  `139${String(10_000_000 + ++phoneSeq * 7 + Math.floor(Math.random() * 7)).slice(-8)}`;

async function userWithPhone(status = 1): Promise<{ username: string; phone: string; id: string }> {
  const username = `phone_${++phoneSeq}_${Date.now() % 100000}`;
  const phone = newPhone();
  const id = await createUser(t.db, { username, password: 'Old12345', roleCodes: ['staff'] });
  await t.db.updateTable('sys_user').set({ phone, status }).where('id', '=', id).execute();
  return { username, phone, id };
}

async function askCode(mobile: string, smsmode: number, remoteAddress = nextAddress()) {
  const before = gateway.received.length;
  const { body } = await call(t.app, 'POST', SMS, { body: { mobile, smsmode }, remoteAddress });
  return { body, before };
}

async function codeFor(mobile: string, smsmode: number): Promise<string> {
  const { body, before } = await askCode(mobile, smsmode);
  expect(body).toMatchObject({ success: true, message: '验证码已发送' });
  const message = await gateway.next(mobile, before);
  expect(message.signed).toBe(true);
  expect(message.code).toMatch(/^\d{6}$/);
  return message.code!;
}

const phoneLogin = (mobile: string, captcha: string) =>
  call<ChannelLoginResult>(t.app, 'POST', PHONE_LOGIN, {
    body: { mobile, captcha },
    remoteAddress: nextAddress(),
  });

/** Moves a number's asks back in time (the minute and day limits are read from the rows). */
async function age(mobile: string, seconds: number) {
  const rows = await t.db
    .selectFrom('sys_sms_code')
    .select(['id', 'createdAt'])
    .where('mobile', '=', mobile)
    .execute();
  for (const row of rows) {
    await t.db
      .updateTable('sys_sms_code')
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where('id', '=', row.id)
      .execute();
  }
}

describe('SMS codes and phone login', () => {
  it('lists the ways in that are on; every one is off by default', async () => {
    const { body } = await call<LoginOptions>(t.app, 'GET', OPTIONS);
    expect(body.result).toEqual({ phone: true, register: true, reset: true, oidc: [], cas: null });
    const plain = await createTestApp();
    try {
      const off = await call<LoginOptions>(plain.app, 'GET', OPTIONS);
      expect(off.body.result).toEqual({
        phone: false,
        register: false,
        reset: false,
        oidc: [],
        cas: null,
      });
      const sms = await call(plain.app, 'POST', SMS, {
        body: { mobile: '13900000000', smsmode: 0 },
      });
      expect(sms.body).toMatchObject({ success: false, message: '未开启短信验证码' });
      const register = await call(plain.app, 'POST', REGISTER, {
        body: {
          username: 'x1',
          password: 'abc12345',
          confirmPassword: 'abc12345',
          phone: '13900000000',
          smscode: '1',
        },
      });
      expect(register.body).toMatchObject({ success: false, message: '未开放注册' });
    } finally {
      await plain.close();
    }
  });

  it('signs in with a code sent to the number: the same session as a password login, logged', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user.phone, 0);
    const stored = await t.db
      .selectFrom('sys_sms_code')
      .selectAll()
      .where('mobile', '=', user.phone)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const { body } = await phoneLogin(user.phone, code);
    expect(body.success).toBe(true);
    expect(body.result.userInfo).toEqual({
      username: user.username,
      realname: user.username,
      avatar: null,
    });
    expect(body.result.token).toBe(body.result.tokenValue);
    const info = await call<UserInfo>(t.app, 'GET', API.userInfo, { token: body.result.token });
    expect(info.body.result.username).toBe(user.username);
    const session = await t.db
      .selectFrom('sys_session')
      .select('loginMethod')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.loginMethod).toBe('phone');
    const logged = await t.db
      .selectFrom('sys_log')
      .select(['event', 'logContent'])
      .where('userid', '=', user.id)
      .execute();
    expect(logged).toContainEqual({
      event: 'login',
      logContent: `用户名: ${user.username},${user.username}手机号登录成功！`,
    });

    // Used once.
    expect((await phoneLogin(user.phone, code)).body).toMatchObject({
      success: false,
      message: '验证码已失效，请重新获取',
    });
  });

  it('answers a number without an account exactly as one with, and sends it nothing', async () => {
    const stranger = newPhone();
    const { body, before } = await askCode(stranger, 0);
    expect(body).toMatchObject({ success: true, message: '验证码已发送' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gateway.received.slice(before).filter((m) => m.mobile === stranger)).toEqual([]);
    // The ask still counts toward the number's limits.
    expect((await askCode(stranger, 0)).body).toMatchObject({
      success: false,
      message: '验证码发送过于频繁，请稍后再试',
    });
    expect((await phoneLogin(stranger, '123456')).body).toMatchObject({
      success: false,
      message: '验证码已失效，请重新获取',
    });
  });

  it('refuses a second code within a minute and an eleventh in a day for one number', async () => {
    const user = await userWithPhone();
    await codeFor(user.phone, 0);
    expect((await askCode(user.phone, 0)).body.message).toBe('验证码发送过于频繁，请稍后再试');
    for (let i = 2; i <= 10; i += 1) {
      await age(user.phone, 61);
      await codeFor(user.phone, 0);
    }
    await age(user.phone, 61);
    expect((await askCode(user.phone, 0)).body).toMatchObject({
      success: false,
      message: '该手机号今日获取验证码次数已达上限',
    });
    // Only the newest code works.
    const rows = await t.db
      .selectFrom('sys_sms_code')
      .select('usedAt')
      .where('mobile', '=', user.phone)
      .execute();
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
  });

  it('refuses a 21st ask in an hour from one address', async () => {
    const from = '10.200.0.1';
    for (let i = 0; i < 20; i += 1) {
      expect((await askCode(newPhone(), 0, from)).body.success).toBe(true);
    }
    expect((await askCode(newPhone(), 0, from)).body).toMatchObject({
      success: false,
      message: '验证码发送过于频繁，请稍后再试',
    });
  });

  it('voids a code at the fifth wrong try; the wrong codes count toward the account lockout', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user.phone, 0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      expect((await phoneLogin(user.phone, wrong)).body.message).toBe('验证码错误');
    }
    // LOGIN_MAX_FAILURES is 5: the fifth wrong code locks the account, as a password would.
    expect((await phoneLogin(user.phone, wrong)).body.message).toBe(
      '登录失败次数过多，账号已锁定，请15分钟后再试',
    );
    expect((await phoneLogin(user.phone, code)).body.message).toBe('验证码已失效，请重新获取');
    const failed = await t.db
      .selectFrom('sys_log')
      .select('event')
      .where('userid', '=', user.id)
      .execute();
    // Five wrong codes and the right one, too late: six refusals.
    expect(failed.filter((r) => r.event === 'login_failed')).toHaveLength(6);
    expect(failed.filter((r) => r.event === 'locked')).toHaveLength(1);
    // Locked whichever way it comes: the password too.
    const password = await call(t.app, 'POST', API.login, {
      body: { username: user.username, password: 'Old12345' },
      remoteAddress: nextAddress(),
    });
    expect(password.body.message).toBe('登录失败次数过多，账号已锁定，请15分钟后再试');
  });

  it('refuses an expired code and a frozen account', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user.phone, 0);
    await t.db
      .updateTable('sys_sms_code')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('mobile', '=', user.phone)
      .execute();
    expect((await phoneLogin(user.phone, code)).body.message).toBe('验证码已失效，请重新获取');

    const frozen = await userWithPhone(2);
    const frozenCode = await codeFor(frozen.phone, 0);
    const { body } = await phoneLogin(frozen.phone, frozenCode);
    expect(body).toMatchObject({ success: false, message: '该用户已冻结' });
    expect(
      await t.db.selectFrom('sys_session').select('id').where('userId', '=', frozen.id).execute(),
    ).toEqual([]);
  });

  it('refuses a malformed number and mode with clear messages', async () => {
    expect((await askCode('12345', 0)).body).toMatchObject({
      success: false,
      message: '请输入正确的手机号',
    });
    expect((await askCode(newPhone(), 7)).body.success).toBe(false);
    expect((await phoneLogin('abc', '123456')).body.message).toBe('请输入正确的手机号');
  });

  it('answers the same when the gateway fails (the failure goes to the server log)', async () => {
    const user = await userWithPhone();
    gateway.setFailing(true);
    try {
      const { body, before } = await askCode(user.phone, 0);
      expect(body).toMatchObject({ success: true, message: '验证码已发送' });
      await gateway.next(user.phone, before);
    } finally {
      gateway.setFailing(false);
    }
  });
});

describe('registration and reset by phone', () => {
  it('registers with a code: the new user has the role and signs in by name or by phone', async () => {
    const phone = newPhone();
    const username = `reg_${Date.now() % 1_000_000}`;
    const code = await codeFor(phone, 1);
    const form = {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      phone,
      smscode: code,
    };
    const weak = await call(t.app, 'POST', REGISTER, {
      body: { ...form, password: 'abcdefgh', confirmPassword: 'abcdefgh' },
    });
    expect(weak.body).toMatchObject({
      success: false,
      message: '密码须为8到64位，且同时包含字母和数字',
    });
    const differ = await call(t.app, 'POST', REGISTER, {
      body: { ...form, confirmPassword: 'abc123456' },
    });
    expect(differ.body.message).toBe('两次输入密码不一致!');
    const taken = await call(t.app, 'POST', REGISTER, { body: { ...form, username: 'admin' } });
    expect(taken.body.message).toBe('用户账号已存在');

    // None of those cost the code.
    const { body } = await call<{ username: string }>(t.app, 'POST', REGISTER, { body: form });
    expect(body).toMatchObject({ success: true, message: '注册成功', result: { username } });
    const roles = await t.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_role as ur', 'ur.userId', 'u.id')
      .innerJoin('sys_role as r', 'r.id', 'ur.roleId')
      .select(['r.roleCode', 'u.phone', 'u.status'])
      .where('u.username', '=', username)
      .execute();
    expect(roles).toEqual([{ roleCode: 'staff', phone, status: 1 }]);
    expect(await login(t.app, username, 'abc12345', { remoteAddress: nextAddress() })).toBeTruthy();

    // The number has an account now: a registration code is not sent, a notice is.
    await age(phone, 61);
    const again = await askCode(phone, 1);
    expect(again.body.message).toBe('验证码已发送');
    const notice = await gateway.next(phone, again.before);
    expect(notice).toMatchObject({ code: null, text: REGISTERED_NOTICE, signed: true });
    const second = await call(t.app, 'POST', REGISTER, {
      body: { ...form, username: `${username}_2`, smscode: code },
    });
    expect(second.body.success).toBe(false);
  });

  it('resets a password by phone: every session ends, the lock ends, 登录日志 says so', async () => {
    const user = await userWithPhone();
    const token = await login(t.app, user.username, 'Old12345', { remoteAddress: nextAddress() });
    const code = await codeFor(user.phone, 2);
    const { body } = await call(t.app, 'POST', RESET, {
      body: { phone: user.phone, smscode: code, password: 'New12345', confirmPassword: 'New12345' },
    });
    expect(body).toMatchObject({ success: true, message: '密码已重置，请使用新密码登录' });
    expect((await call(t.app, 'GET', API.userInfo, { token })).status).toBe(401);
    expect(
      await login(t.app, user.username, 'New12345', { remoteAddress: nextAddress() }),
    ).toBeTruthy();
    const events = await t.db
      .selectFrom('sys_log')
      .select('event')
      .where('userid', '=', user.id)
      .execute();
    expect(events.map((e) => e.event)).toContain('password_reset');
    // A reset code is not a login code.
    await age(user.phone, 61);
    const resetCode = await codeFor(user.phone, 2);
    expect((await phoneLogin(user.phone, resetCode)).body.message).toBe('验证码已失效，请重新获取');
  });
});

describe('SMS settings', () => {
  it('refuses the log provider in production and a webhook without its secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'log' })).toThrow(
      /not in production/,
    );
    expect(() =>
      loadConfig({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:1/x' }),
    ).toThrow(/SMS_WEBHOOK_SECRET/);
    expect(() => loadConfig({ REGISTRATION: 'on' })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({}).signIn.sms).toBeNull();
  });
});
