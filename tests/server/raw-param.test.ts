/** rawParam: a path parameter read before validation, trusting nothing of the params' shape. */
import { describe, expect, it } from 'vitest';
import { rawParam } from '../../server/http/raw-param';

describe('rawParam', () => {
  it('is the text of an own string parameter', () => {
    expect(rawParam({ params: { code: 'test_order' } }, 'code')).toBe('test_order');
    expect(rawParam({ params: { code: '' } }, 'code')).toBe('');
  });

  it('is undefined for params that are absent, not an object, not text or inherited', () => {
    expect(rawParam({ params: undefined }, 'code')).toBeUndefined();
    expect(rawParam({ params: null }, 'code')).toBeUndefined();
    expect(rawParam({ params: 'code' }, 'code')).toBeUndefined();
    expect(rawParam({ params: {} }, 'code')).toBeUndefined();
    expect(rawParam({ params: { code: ['a', 'b'] } }, 'code')).toBeUndefined();
    expect(rawParam({ params: { code: 1 } }, 'code')).toBeUndefined();
    expect(rawParam({ params: Object.create({ code: 'inherited' }) as object }, 'code')).toBe(
      undefined,
    );
  });
});
