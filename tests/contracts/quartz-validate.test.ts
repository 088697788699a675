/** validateCron's messages (widgets.md §5 bounds, Quartz's rules) and the builder's helpers. */
import { describe, expect, it } from 'vitest';
import { fieldMode, joinCron, splitCron, validateCron } from '../../src/contracts/quartz';

describe('validateCron', () => {
  it.each([
    '0 0/5 * * * ?',
    '0 15 10 ? * 6#3',
    '0 0 12 LW * ?',
    '0 0 12 15W * ?',
    '0 0 12 L-3 * ?',
    '0 15 10 ? * 6L',
    '0 0 12 ? * MON-FRI',
    '0 0 12 ? jan,jul sun',
    '0 0/5 14,18 * * ? 2027',
    '0 0 0 1 1 ? 2027-2030/2',
    '0 0 12 * * ?',
    '0 0 12 ? * *',
    '  0   0 12 ? * L  ',
    '0 0 0 30 2 ?',
    // Lists mixing calendar words with other entries, and L-nW (Spring's and cron-utils' reading).
    '0 0 12 1,L * ?',
    '0 0 12 2W,16 * ?',
    '0 0 12 1W,15,LW * ?',
    '0 0 12 L-1W,L-1 * ?',
    '0 0 12 L-5W * ?',
    '0 0 0 L-3,5 * ?',
    '0 0 0 1-5,L * ?',
    '0 0 0 ? * 6#3,2#1',
    '0 0 0 ? * 6L,2',
    '0 0 0 ? * MON#1,FRIL',
  ])('accepts %s', (expression) => {
    expect(validateCron(expression)).toEqual({ valid: true });
  });

  it.each([
    ['0 0 12 * *', 'cron表达式应为6或7段'],
    ['0 0 12 * * ? 2027 1', 'cron表达式应为6或7段'],
    ['', 'cron表达式应为6或7段'],
    ['0 0 12 ? * ?', '日和周必须有且只有一个为 ?'],
    ['0 0 12 * * *', '日和周必须有且只有一个为 ?'],
    ['0 0 12 1 * MON', '日和周必须有且只有一个为 ?'],
    ['60 * * * * ?', '秒的取值应在 0-59 之间'],
    ['0 60 * * * ?', '分的取值应在 0-59 之间'],
    ['0 0 24 * * ?', '时的取值应在 0-23 之间'],
    ['0 0 0 32 * ?', '日的取值应在 1-31 之间'],
    ['0 0 0 0 * ?', '日的取值应在 1-31 之间'],
    ['0 0 0 32W * ?', '日的取值应在 1-31 之间'],
    ['0 0 0 ? 13 *', '月的取值应在 1-12 之间'],
    ['0 0 0 ? * 8', '周的取值应在 1-7 之间'],
    ['0 0 0 ? * 0', '周的取值应在 1-7 之间'],
    ['0 0 0 ? * 8#2', '周的取值应在 1-7 之间'],
    ['0 0 0 1 1 ? 1969', '年的取值应在 1970-2099 之间'],
    ['0 0 0 1 1 ? 2027-2100', '年的取值应在 1970-2099 之间'],
    ['0 0 0 1 1 ? 2030-2027', '年的范围应从小到大'],
    ['0 0/0 * * * ?', '分的间隔应在 1-60 之间'],
    ['0 0 0/25 * * ?', '时的间隔应在 1-24 之间'],
    ['0 0 0 L-31 * ?', '日的 L-n 中 n 应在 1-30 之间'],
    ['0 0 0 ? * 6#6', '周的 # 后应为 1-5'],
    ['? 0 0 1 * ?', '秒不支持 ?'],
    ['0 0 0 ? * foo', '周包含非法字符：foo'],
    ['0 0 0 1 abc ?', '月包含非法字符：abc'],
    ['0 0 0 1W# * ?', '日包含非法字符：1W#'],
    ['0 0 0 1-5/ * ?', '日格式不正确：1-5/'],
    ['0 0 0 1,,2 * ?', '日格式不正确：1,,2'],
    // Each entry of a list is read as it is read alone.
    ['0 0 0 1,,L * ?', '日格式不正确：1,,L'],
    ['0 0 0 1,L-31 * ?', '日的 L-n 中 n 应在 1-30 之间'],
    ['0 0 0 L-31W * ?', '日的 L-n 中 n 应在 1-30 之间'],
    ['0 0 0 15,32W * ?', '日的取值应在 1-31 之间'],
    ['0 0 0 32,L * ?', '日的取值应在 1-31 之间'],
    ['0 0 0 LW-1 * ?', '日格式不正确：LW-1'],
    ['0 0 0 1-L * ?', '日格式不正确：1-L'],
    ['0 0 0 L/2,1 * ?', '日格式不正确：L/2,1'],
    ['0 0 0 WL * ?', '日格式不正确：WL'],
    ['0 0 0 ? * 2,6#6', '周的 # 后应为 1-5'],
    ['0 0 0 ? * 8L,2', '周的取值应在 1-7 之间'],
    ['0 0 0 ? * 2,L#1', '周格式不正确：2,L#1'],
    ['hello world foo bar baz qux', '秒包含非法字符：hello'],
  ])('refuses %j: %s', (expression, message) => {
    expect(validateCron(expression)).toEqual({ valid: false, message });
  });
});

describe('splitCron and joinCron', () => {
  it('cuts six and seven fields and joins them back', () => {
    expect(splitCron(' 0 15  10 ? * 6#3 ')).toEqual({
      second: '0',
      minute: '15',
      hour: '10',
      day: '?',
      month: '*',
      week: '6#3',
    });
    const seven = splitCron('0 0/5 14,18 * * ? 2027');
    expect(seven?.year).toBe('2027');
    expect(seven && joinCron(seven)).toBe('0 0/5 14,18 * * ? 2027');
  });

  it('gives null for any other count of fields', () => {
    expect(splitCron('0 0 12 * *')).toBeNull();
    expect(splitCron('')).toBeNull();
  });

  it('leaves a blank year out', () => {
    const parts = { second: '0', minute: '0', hour: '12', day: 'L', month: '*', week: '?' };
    expect(joinCron(parts)).toBe('0 0 12 L * ?');
    expect(joinCron({ ...parts, year: ' ' })).toBe('0 0 12 L * ?');
    expect(joinCron({ ...parts, year: '2027-2030' })).toBe('0 0 12 L * ? 2027-2030');
  });
});

describe('fieldMode', () => {
  it.each([
    ['?', 'none'],
    ['*', 'every'],
    ['1-5', 'range'],
    ['MON-FRI', 'range'],
    ['L-3', 'range'],
    ['0/5', 'loop'],
    ['*/5', 'loop'],
    ['15W', 'workday'],
    ['LW', 'workday'],
    ['L', 'last'],
    ['6L', 'last'],
    ['1,15', 'specified'],
    ['7', 'specified'],
    ['JAN,JUL', 'specified'],
    ['wed', 'specified'],
    ['6#3', 'every'],
  ])('%s → %s', (part, mode) => {
    expect(fieldMode(part)).toBe(mode);
  });
});
