import { describe, expect, it } from 'vitest';
import { computeSign, lastSegment, signHeaders } from '../../src/runtime/sign';

/*
 * Fixed vectors. The expected digests were computed once, outside the product code, with
 *   node -e 'crypto.createHash("md5").update(<canonical> + "dd05f1c54d63749eda95f9fa6d49v442a")
 *            .digest("hex").toUpperCase()'
 * on the canonical strings written out by hand below. If canonicalisation changes, these fail.
 */
const VECTORS = {
  // {"code":"sex","pageNo":"1"}
  query: 'CA86A1700E8042374BADC8033AF429E7',
  // {"x-path-variable":"sys_user,realname,id"}
  pathVariable: '77C52056EF6109F4874CBD8532C8F530',
  // {"confirmpassword":"n3w","oldpassword":"old","password":"n3w","username":"admin"}
  body: 'C445BE05F3A5DEF61E5CC3100A1BB30D',
  // {"keyword":"张","pageSize":"10","x-path-variable":"sys_user,realname,id"}
  mixed: '67E8E155459AF18820D935AB97C28F43',
  // {}
  empty: 'E19D6243CB1945AB4F7202A1B00F77D5',
} as const;

describe('computeSign (X-Sign)', () => {
  it('is the upper-case MD5 of the sorted query JSON plus the fixed string', () => {
    expect(computeSign({ query: { code: 'sex', pageNo: '1' } })).toBe(VECTORS.query);
  });

  it('ignores _t', () => {
    expect(computeSign({ query: { code: 'sex', pageNo: '1', _t: 1700000000 } })).toBe(
      VECTORS.query,
    );
  });

  it('does not depend on key order', () => {
    expect(computeSign({ query: { pageNo: '1', code: 'sex' } })).toBe(VECTORS.query);
  });

  it('signs numbers in the query as their string form', () => {
    expect(computeSign({ query: { pageNo: 1, code: 'sex' } })).toBe(VECTORS.query);
  });

  it('includes a comma-holding last path segment', () => {
    expect(computeSign({ query: {}, lastPathSegment: 'sys_user,realname,id' })).toBe(
      VECTORS.pathVariable,
    );
  });

  it('includes the body of a POST', () => {
    expect(
      computeSign({
        query: {},
        body: { username: 'admin', oldpassword: 'old', password: 'n3w', confirmpassword: 'n3w' },
      }),
    ).toBe(VECTORS.body);
  });

  it('encodes non-ASCII text as UTF-8', () => {
    expect(
      computeSign({
        query: { pageSize: 10, keyword: '张', _t: 1 },
        lastPathSegment: 'sys_user,realname,id',
      }),
    ).toBe(VECTORS.mixed);
  });

  it('signs an empty parameter set', () => {
    expect(computeSign({ query: {}, lastPathSegment: 'sex' })).toBe(VECTORS.empty);
  });

  it('changes when a signed value changes', () => {
    expect(computeSign({ query: { code: 'sex', pageNo: '2' } })).not.toBe(VECTORS.query);
  });
});

describe('signHeaders', () => {
  it('gives X-Sign and X-TIMESTAMP (epoch ms as a string)', () => {
    expect(signHeaders({ query: { code: 'sex', pageNo: '1' } }, 1_700_000_000_123)).toEqual({
      'X-Sign': VECTORS.query,
      'X-TIMESTAMP': '1700000000123',
    });
  });
});

describe('lastSegment', () => {
  it('answers the decoded last path segment without the query', () => {
    expect(lastSegment('/sys/dict/getDictItems/sys_user%2Crealname%2Cid?x=1')).toBe(
      'sys_user,realname,id',
    );
    expect(lastSegment('/sys/dict/getDictItems/sex')).toBe('sex');
    expect(lastSegment('plain')).toBe('plain');
  });

  it('keeps a segment that is not valid percent-encoding as it is', () => {
    expect(lastSegment('/a/b%E0%A4%A')).toBe('b%E0%A4%A');
  });
});
