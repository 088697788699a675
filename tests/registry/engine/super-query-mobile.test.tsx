import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBuilder } from './super-query-support';
import { screenWidth } from '../../setup/screen-width';

/** widgets.md §2.9: the builder is full screen below the mobile breakpoint (767.99 px). */

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
