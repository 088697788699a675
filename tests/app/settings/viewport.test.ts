import { describe, expect, it } from 'vitest';
import { MOBILE_QUERY, NARROW_QUERY, currentViewport } from '../../../src/app/settings/viewport';

/** Evaluates the two media queries for a window width, as a browser would. */
function widthMatcher(width: number) {
  return (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
}

describe('viewport breakpoints (767.99 px / 1087.99 px)', () => {
  it('uses the spec boundaries', () => {
    expect(MOBILE_QUERY).toBe('(max-width: 767.99px)');
    expect(NARROW_QUERY).toBe('(min-width: 768px) and (max-width: 1087.99px)');
  });

  it.each([
    [375, 'mobile'],
    [767.99, 'mobile'],
    [768, 'narrow'],
    [1087.99, 'narrow'],
    [1088, 'desktop'],
    [1920, 'desktop'],
  ])('%d px is %s', (width, viewport) => {
    expect(currentViewport(widthMatcher(width))).toBe(viewport);
  });
});
