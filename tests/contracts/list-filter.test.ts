import { describe, expect, it } from 'vitest';
import {
  encodeFilter,
  parseFilter,
  type ParsedFilter,
  type SingleFilterOp,
} from '../../src/contracts/list-filter';
import type { QueryRule } from '../../src/contracts/page-field';

/**
 * The list-filter grammar shared by the browser (encodeFilter) and the server (parseFilter):
 * reference-style values read as they always did, escaped special characters are text, and
 * whatever a user types comes back unchanged (trimmed) under the rule it was sent with.
 */

const eq = (value: string): ParsedFilter => ({ op: 'eq', value });
const one = (op: SingleFilterOp, value: string): ParsedFilter => ({ op, value });

describe('parseFilter: reference-style values', () => {
  it.each<[string, ParsedFilter | null]>([
    ['', null],
    ['   ', null],
    ['apple', eq('apple')],
    ['  apple  ', eq('apple')],
    ['a b', eq('a b')],
    ['*', eq('*')],
    [' * ', eq('*')],
    ['%', eq('%')],
    ['=x', eq('=x')],
    ['a=b', eq('a=b')],
    ['a!b', eq('a!b')],
    ['*pp*', one('like', 'pp')],
    ['* pp *', one('like', ' pp ')],
    ['**', one('like', '')],
    ['*apple', one('left_like', 'apple')],
    ['pine*', one('right_like', 'pine')],
    ['a*b', eq('a*b')],
    ['!apple', one('ne', 'apple')],
    ['!= 2', one('ne', '2')],
    ['!=2', one('ne', '2')],
    ['! 2', one('ne', '2')],
    ['>=7', one('ge', '7')],
    ['>= 7', one('ge', '7')],
    ['<=2', one('le', '2')],
    ['<= 2 ', one('le', '2')],
    ['>7', one('gt', '7')],
    ['> 7', one('gt', '7')],
    ['<2', one('lt', '2')],
    ['< 2', one('lt', '2')],
    ['>2024-01-02 23:59:59', one('gt', '2024-01-02 23:59:59')],
    ['>=', null],
    ['!', null],
    ['! ', null],
    ['!a,b', one('ne', 'a,b')],
    ['>=*', one('ge', '*')],
    ['!*x*', one('ne', '*x*')],
    ['<>x', one('lt', '>x')],
    ['!==5', one('ne', '=5')],
    ['apple,pear', { op: 'in', values: ['apple', 'pear'] }],
    ['apple, pear ,', { op: 'in', values: ['apple', 'pear'] }],
    ['a,,b', { op: 'in', values: ['a', 'b'] }],
    ['a*,*b', { op: 'in', values: ['a*', '*b'] }],
    [',pine,juice,', { op: 'like_any', values: ['pine', 'juice'] }],
    [' ,a, ', { op: 'like_any', values: ['a'] }],
    [',a', { op: 'in', values: ['a'] }],
    [',', null],
    [',,', null],
    // The reference reads like before in: the whole text between the stars.
    ['*a,b*', one('like', 'a,b')],
    ['*qqa,b*', one('like', 'qqa,b')],
    ['*a,b', one('left_like', 'a,b')],
    ['a,b*', one('right_like', 'a,b')],
    ['中文', eq('中文')],
    ['*中文*', one('like', '中文')],
    ['中文，逗号', eq('中文，逗号')], // a full-width comma is text
  ])('%j', (raw, expected) => {
    expect(parseFilter(raw)).toEqual(expected);
  });
});

describe('parseFilter: escapes', () => {
  it.each<[string, ParsedFilter | null]>([
    ['*a\\,b*', one('like', 'a,b')],
    ['a\\,b', eq('a,b')],
    ['a\\,b,c', { op: 'in', values: ['a,b', 'c'] }],
    [',a\\,b,', { op: 'like_any', values: ['a,b'] }],
    ['\\,a,', { op: 'in', values: [',a'] }],
    ['\\,', eq(',')],
    ['\\*', eq('*')],
    ['\\*x\\*', eq('*x*')],
    ['*\\*star\\**', one('like', '*star*')],
    ['\\*x*', one('right_like', '*x')],
    ['*x\\*', one('left_like', 'x*')],
    ['\\!x', eq('!x')],
    ['!\\!x', one('ne', '!x')],
    ['!\\=x', one('ne', '=x')],
    ['\\>=5', eq('>=5')],
    ['\\>\\=5', eq('>=5')],
    ['>\\=5', one('gt', '=5')],
    ['<\\=5', one('lt', '=5')],
    ['\\<3', eq('<3')],
    ['>=\\,', one('ge', ',')],
    ['>= \\*', one('ge', '*')],
    ['\\\\', eq('\\')],
    ['a\\\\,b', { op: 'in', values: ['a\\', 'b'] }],
    ['*\\\\*', one('like', '\\')],
    // A backslash before a plain character, or at the end, is a backslash.
    ['C:\\path', eq('C:\\path')],
    ['*back\\slash*', one('like', 'back\\slash')],
    ['a\\', eq('a\\')],
    ['\\', eq('\\')],
    ['*a\\', one('left_like', 'a\\')],
    ['a\\ ', eq('a\\')],
    ['\\中', eq('\\中')],
    // Escapes never make a space, so a value of an escape and spaces is not empty.
    [' \\* ', eq('*')],
    ['\\ ', eq('\\')],
  ])('%j', (raw, expected) => {
    expect(parseFilter(raw)).toEqual(expected);
  });
});

/**
 * The reference's reading of a value without a backslash (JeecgBoot's QueryGenerator, in its
 * order: operators, then `*` like, then `,` in), as a filter.
 */
function legacyReading(raw: string): ParsedFilter | null {
  const value = raw.trim();
  if (value === '') return null;
  const operator = /^(>=|<=|!=|>|<|!)\s*/.exec(value);
  if (operator) {
    const operand = value.slice(operator[0].length).trim();
    if (operand === '') return null;
    const ops: Record<string, SingleFilterOp> = {
      '>=': 'ge',
      '<=': 'le',
      '>': 'gt',
      '<': 'lt',
      '!=': 'ne',
      '!': 'ne',
    };
    return { op: ops[operator[1]!]!, value: operand };
  }
  if (value.length > 1 && value.startsWith('*') && value.endsWith('*')) {
    return { op: 'like', value: value.slice(1, -1) };
  }
  if (value.length > 1 && value.startsWith('*')) return { op: 'left_like', value: value.slice(1) };
  if (value.length > 1 && value.endsWith('*'))
    return { op: 'right_like', value: value.slice(0, -1) };
  if (value.includes(',')) {
    const values = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (values.length === 0) return null;
    const likeAny = value.startsWith(',') && value.endsWith(',');
    return { op: likeAny ? 'like_any' : 'in', values };
  }
  return { op: 'eq', value };
}

describe('parseFilter reads every value without a backslash as the reference does', () => {
  it('on 10 000 generated values over the special characters, spaces and text', () => {
    const alphabet = ['a', 'b', ' ', '\t', '*', ',', '!', '<', '>', '=', '中', '%', '_', "'"];
    let seed = 20240611;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    for (let n = 0; n < 10_000; n++) {
      const length = next() % 9;
      let raw = '';
      for (let i = 0; i < length; i++) raw += alphabet[next() % alphabet.length];
      expect(parseFilter(raw), JSON.stringify(raw)).toEqual(legacyReading(raw));
    }
  });
});

const RULES: readonly QueryRule[] = [
  'eq',
  'like',
  'right_like',
  'left_like',
  'in',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
];

/** Text a user may type: every special character in every position, and then some. */
const NASTY: readonly string[] = [
  'a,b',
  ',a,b,',
  ',',
  '*star*',
  '*',
  '**',
  'a*',
  '*a',
  '!x',
  '!',
  '!=x',
  '>=5',
  '<=5',
  '>5',
  '<3',
  '=',
  '=x',
  'a=b',
  "it's",
  'say "hi"',
  "x' or '1'='1",
  'C:\\path\\',
  '\\',
  '\\\\',
  '\\,',
  '\\*x\\*',
  'a\\',
  '中文',
  '中文,逗号，全角',
  'a\u0000b',
  '\u0000',
  '50%',
  'x_y',
  '😀,😀',
  'tab\tinside',
  'line\nbreak',
];

describe('encodeFilter → parseFilter gives back what the user typed', () => {
  const expected = (rule: QueryRule, text: string): ParsedFilter =>
    rule === 'eq' || rule === 'in' ? eq(text) : one(rule, text);

  for (const rule of RULES) {
    it(`single text under ${rule}`, () => {
      for (const text of NASTY) {
        const sent = encodeFilter(rule, text);
        expect(parseFilter(sent), `${rule} ${JSON.stringify(text)} → ${sent}`).toEqual(
          expected(rule, text),
        );
      }
    });
  }

  it('spaces at the ends are not part of the text; inside they are', () => {
    for (const rule of RULES) {
      expect(parseFilter(encodeFilter(rule, '  a b  '))).toEqual(expected(rule, 'a b'));
      expect(parseFilter(encodeFilter(rule, ' \\, '))).toEqual(expected(rule, '\\,'));
    }
  });

  it('empty text (or only spaces) is no condition under every rule', () => {
    for (const rule of RULES) {
      for (const text of ['', '   ', '\t\n']) {
        expect(encodeFilter(rule, text)).toBe('');
        expect(parseFilter(encodeFilter(rule, text))).toBeNull();
      }
    }
  });

  it('a list is `in` over its items under every rule; empty items dropped', () => {
    for (const rule of RULES) {
      expect(parseFilter(encodeFilter(rule, NASTY))).toEqual({ op: 'in', values: NASTY });
      expect(parseFilter(encodeFilter(rule, ['a,b', ' ', ' *c* ', '']))).toEqual({
        op: 'in',
        values: ['a,b', '*c*'],
      });
      expect(parseFilter(encodeFilter(rule, ['x,y']))).toEqual(eq('x,y'));
      expect(encodeFilter(rule, [])).toBe('');
      expect(encodeFilter(rule, ['', ' '])).toBe('');
    }
  });
});

describe('encodeFilter writes', () => {
  it.each<[QueryRule, string | readonly string[], string]>([
    ['like', 'a,b', '*a\\,b*'],
    ['like', '*star*', '*\\*star\\**'],
    ['right_like', 'pine', 'pine*'],
    ['left_like', 'apple', '*apple'],
    ['ne', '!x', '!\\!x'],
    ['ge', '=5', '>=\\=5'],
    ['le', '5', '<=5'],
    ['gt', '5', '>5'],
    ['lt', '=5', '<\\=5'],
    ['eq', 'C:\\path', 'C:\\\\path'],
    ['eq', ' 中文 ', '中文'],
    ['in', 'a,b', 'a\\,b'],
    ['in', ['a', 'b,c', '*'], 'a,b\\,c,\\*'],
    ['like', ['a', 'b'], 'a,b'],
  ])('%s %j as %j', (rule, value, sent) => {
    expect(encodeFilter(rule, value)).toBe(sent);
  });

  it('plain text under the usual rules exactly as the reference forms did', () => {
    expect(encodeFilter('like', 'li')).toBe('*li*');
    expect(encodeFilter('eq', '1')).toBe('1');
    expect(encodeFilter('ge', '2024-01-01 10:00:00')).toBe('>=2024-01-01 10:00:00');
    expect(encodeFilter('in', ['1', '2'])).toBe('1,2');
  });
});
