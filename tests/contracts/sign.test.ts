import { describe, expect, it } from 'vitest';
import {
  PATH_VARIABLE_KEY,
  SIGN_SECRET,
  canonicalSignParams,
  signatureBase,
} from '../../src/contracts/sign';

describe('canonicalSignParams', () => {
  it('sorts the keys and renders compact JSON with query values as strings', () => {
    expect(canonicalSignParams({ query: { pageNo: 1, code: 'sex' } })).toBe(
      '{"code":"sex","pageNo":"1"}',
    );
  });

  it('drops _t and empty query values', () => {
    expect(
      canonicalSignParams({ query: { _t: 1700000000, code: 'sex', a: undefined, b: null } }),
    ).toBe('{"code":"sex"}');
  });

  it('adds the top-level keys of a JSON body as they are (numbers stay numbers)', () => {
    expect(
      canonicalSignParams({ query: {}, body: { username: 'admin', pageSize: 10, flag: true } }),
    ).toBe('{"flag":true,"pageSize":10,"username":"admin"}');
  });

  it('ignores an array body', () => {
    expect(canonicalSignParams({ query: { a: 'x' }, body: [1, 2] })).toBe('{"a":"x"}');
  });

  it('adds a comma-holding last path segment as x-path-variable', () => {
    expect(PATH_VARIABLE_KEY).toBe('x-path-variable');
    expect(canonicalSignParams({ query: {}, lastPathSegment: 'sys_user,realname,id' })).toBe(
      '{"x-path-variable":"sys_user,realname,id"}',
    );
  });

  it('ignores a last path segment without a comma', () => {
    expect(canonicalSignParams({ query: {}, lastPathSegment: 'sex' })).toBe('{}');
  });
});

describe('signatureBase', () => {
  it('is the canonical JSON followed by the fixed string', () => {
    expect(SIGN_SECRET).toBe('dd05f1c54d63749eda95f9fa6d49v442a');
    expect(signatureBase({ query: { code: 'sex' } })).toBe(
      '{"code":"sex"}dd05f1c54d63749eda95f9fa6d49v442a',
    );
  });
});
