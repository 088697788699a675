import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBuilder } from './super-query-support';

/** widgets.md §2.9: the builder is full screen below the mobile breakpoint (767.99 px). */

function screenWidth(px: number) {
  const fits = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return max !== null && px <= Number(max[1]);
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: fits(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const modalOf = (dialog: HTMLElement) => dialog.closest<HTMLElement>('.ant-modal')!;

describe('advanced query builder width', { timeout: 20_000 }, () => {
  it.each([
    [767, '100vw', '0px'],
    [768, '1000px', ''],
    [1440, '1000px', ''],
  ])('at %i px: %s wide', async (px, width, top) => {
    screenWidth(px);
    const { dialogElement } = await openBuilder();
    expect(modalOf(dialogElement).style.width).toBe(width);
    expect(modalOf(dialogElement).style.top).toBe(top);
  });
});
