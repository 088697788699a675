import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrokenRuleError,
  firstFailure,
  parseCheckRule,
} from '../../server/modules/check/check-rule';
import { newId } from '../../server/ids';
import { PAGE_API } from '../support/pages';
import { DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  const rules: [string, string][] = [
    [
      'order_no',
      JSON.stringify([
        { digits: '2', pattern: '[A-Z]{2}', message: '前两位是大写字母' },
        { digits: 3, pattern: '\\d{3}', message: '第3到5位是数字' },
        { digits: '*', pattern: '.{5}', message: '共5位' },
      ]),
    ],
    ['broken_json', '[{"digits":"*",'],
    ['broken_regex', '[{"digits":"*","pattern":"([a-z","message":"x"}]'],
    ['broken_wrap', '[{"digits":"*","pattern":"x)|(.*","message":"x"}]'],
    ['broken_digits', '[{"digits":"two","pattern":".*","message":"x"}]'],
    ['broken_shape', '{"digits":"*"}'],
  ];
  await t.db
    .insertInto('sys_check_rule')
    .values(
      rules.map(([ruleCode, ruleJson]) => ({
        id: newId(),
        ruleName: ruleCode,
        ruleCode,
        ruleJson,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const check = (ruleCode: string, value?: string) =>
  call(t.app, 'GET', PAGE_API.checkRule, {
    token: staff,
    query: { ruleCode, ...(value === undefined ? {} : { value }) },
  });

describe('/sys/checkRule/checkByCode', () => {
  it('passes a value meeting the shipped common rule', async () => {
    expect((await check('common', 'abc_1')).body).toMatchObject({ success: true, code: 200 });
  });

  it.each([
    ['1abc', '第一位只能是字母'],
    ['a-bc', '只能填写数字、大小写字母、下划线'],
    ['ab', '最少输入3位数'],
  ])('refuses %j with the first failing rule: %s', async (value, message) => {
    expect((await check('common', value)).body).toMatchObject({ success: false, message });
  });

  it('advances a cursor through numbered digits; * tests the whole value', async () => {
    expect((await check('order_no', 'AB123')).body.success).toBe(true);
    expect((await check('order_no', 'A1123')).body.message).toBe('前两位是大写字母');
    expect((await check('order_no', 'AB12x')).body.message).toBe('第3到5位是数字');
    expect((await check('order_no', 'AB')).body.message).toBe('第3到5位是数字');
    expect((await check('order_no', 'AB123x')).body.message).toBe('共5位');
  });

  it('lets an empty value through (the required rule decides)', async () => {
    expect((await check('order_no', '')).body.success).toBe(true);
    expect((await check('order_no')).body.success).toBe(true);
  });

  it('answers an unknown code plainly, whatever it holds', async () => {
    for (const code of ['nope', "' or '1'='1", 'common; drop table sys_check_rule']) {
      expect((await check(code, 'abc')).body).toMatchObject({
        success: false,
        message: '该编码规则不存在',
      });
    }
  });

  it.each([
    ['broken_json', '规则内容不是合法的 JSON'],
    ['broken_regex', '第 1 条规则的正则表达式不合法'],
    ['broken_wrap', '第 1 条规则的正则表达式不合法'],
    ['broken_digits', '第 1 条规则的位数（digits）应为 * 或正整数'],
    ['broken_shape', '规则内容应当是一个数组'],
  ])('a broken stored rule (%s) gives a clear error, not a crash', async (code, reason) => {
    const res = await check(code, 'abc');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      code: 500,
      message: `编码规则「${code}」配置有误：${reason}，请联系管理员`,
    });
    expect(res.text).not.toMatch(/SyntaxError|\bat \w/);
  });

  it('needs a signed-in user and a rule code', async () => {
    const anonymous = await call(t.app, 'GET', PAGE_API.checkRule, {
      query: { ruleCode: 'common', value: 'abc' },
    });
    expect(anonymous.status).toBe(401);
    const missing = await call(t.app, 'GET', PAGE_API.checkRule, { token: staff });
    expect(missing.status).toBe(400);
  });
});

describe('parseCheckRule / firstFailure', () => {
  it('matches each piece whole, as Java’s Pattern.matches does', () => {
    const parts = parseCheckRule('[{"digits":"*","pattern":"\\\\d+","message":"数字"}]');
    expect(firstFailure(parts, '123')).toBeNull();
    expect(firstFailure(parts, '12a')).toBe('数字');
  });

  it('gives a default message and accepts numeric digits', () => {
    const parts = parseCheckRule('[{"digits":1,"pattern":"[a-z]"}]');
    expect(parts[0]!.digits).toBe(1);
    expect(firstFailure(parts, '1')).toBe('输入内容不符合编码规则');
  });

  it('throws BrokenRuleError for anything it cannot use', () => {
    for (const json of ['', 'null', '[1]', '[{"digits":"*"}]', '[{"digits":"-1","pattern":"a"}]']) {
      expect(() => parseCheckRule(json)).toThrow(BrokenRuleError);
    }
  });
});
