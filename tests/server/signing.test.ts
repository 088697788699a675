import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictOption } from '../../src/contracts/dict';
import { SIGN_HEADER, TIMESTAMP_HEADER } from '../../src/contracts/sign';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signHeaders,
  wallClockStamp,
  type TestApp,
} from '../support/test-app';

const SIGN_FAILED = 'Sign签名校验失败！';
const EXPIRED = '签名验证失败:X-TIMESTAMP已过期';
const TEN_MINUTES = 10 * 60 * 1000;
const SEX: DictOption[] = [
  { value: '1', text: '男', title: '男' },
  { value: '2', text: '女', title: '女' },
];

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

function getDict(url: string, headers: Record<string, string> = {}) {
  return call<DictOption[] | null>(t.app, 'GET', url, { token, headers });
}

function expectRefused(res: Awaited<ReturnType<typeof getDict>>, message: string): void {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: false, code: 500, message, result: null });
}

describe('signed dictionary calls (X-Sign / X-TIMESTAMP)', () => {
  it('refuses a call without the headers', async () => {
    expectRefused(await getDict(API.dictItems('sex')), SIGN_FAILED);
  });

  it('answers the items of sex with a correct signature', async () => {
    const url = API.dictItems('sex');
    const res = await getDict(url, signHeaders(url));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toEqual(SEX);
  });

  it('ignores _t and signs the other query parameters', async () => {
    const signedUrl = `${API.dictItems('sex')}?lang=zh`;
    const headers = signHeaders(signedUrl);
    const ok = await getDict(`${signedUrl}&_t=1700000000`, headers);
    expect(ok.body.result).toEqual(SEX);
    // A parameter added after signing breaks the signature.
    expectRefused(await getDict(`${signedUrl}&extra=1`, headers), SIGN_FAILED);
    expectRefused(await getDict(`${API.dictItems('sex')}?lang=en`, headers), SIGN_FAILED);
  });

  it('refuses a wrong signature', async () => {
    const url = API.dictItems('sex');
    const headers = { ...signHeaders(url), [SIGN_HEADER]: '0'.repeat(32) };
    expectRefused(await getDict(url, headers), SIGN_FAILED);
  });

  it('refuses a tampered path (a signed table-dictionary code)', async () => {
    const signed = API.dictItems('sys_user,realname,id');
    const headers = signHeaders(signed);
    expectRefused(await getDict(API.dictItems('sys_user,password,id'), headers), SIGN_FAILED);
  });

  it('refuses a timestamp 10 minutes old, or 10 minutes ahead', async () => {
    const url = API.dictItems('sex');
    for (const at of [Date.now() - TEN_MINUTES, Date.now() + TEN_MINUTES]) {
      expectRefused(await getDict(url, signHeaders(url, { timestamp: String(at) })), EXPIRED);
    }
    const oldWallClock = wallClockStamp(new Date(Date.now() - TEN_MINUTES), 'Asia/Shanghai');
    expectRefused(await getDict(url, signHeaders(url, { timestamp: oldWallClock })), EXPIRED);
  });

  it('accepts a current yyyyMMddHHmmss timestamp in Asia/Shanghai', async () => {
    const url = API.dictItems('sex');
    const stamp = wallClockStamp(new Date(), 'Asia/Shanghai');
    expect(stamp).toMatch(/^\d{14}$/);
    const res = await getDict(url, signHeaders(url, { timestamp: stamp }));
    expect(res.body).toMatchObject({ success: true });
    expect(res.body.result).toEqual(SEX);
  });

  it('refuses a timestamp in an unknown format or a missing one', async () => {
    const url = API.dictItems('sex');
    const bad = await getDict(url, signHeaders(url, { timestamp: 'yesterday' }));
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('X-TIMESTAMP');
    const { [TIMESTAMP_HEADER]: _dropped, ...withoutStamp } = signHeaders(url);
    const missing = await getDict(url, withoutStamp);
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toContain('X-TIMESTAMP');
  });

  it('still needs a signed-in user', async () => {
    const url = API.dictItems('sex');
    const res = await call(t.app, 'GET', url, { headers: signHeaders(url) });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('answers an empty list for an unknown code', async () => {
    const url = API.dictItems('no_such_dict');
    const res = await getDict(url, signHeaders(url));
    expect(res.body).toMatchObject({ success: true, result: [] });
  });
});
