import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './support';

/** The product's editable grid (react-data-grid) inside an open dialog, as e2e files drive it. */

/** The dialog in view. */
export function visibleDialog(page: Page): Locator {
  return page.locator('.ant-modal:visible');
}

/** The data rows of a grid (no expanded detail rows, no statistics row). */
export function gridRows(grid: Locator): Locator {
  return grid.locator('.rdg-row:not(.eg-expand-row):not(.rdg-summary-row)');
}

/** The cell of a data row (0-based) in the column titled `title`. */
export async function gridCell(grid: Locator, row: number, title: string): Promise<Locator> {
  const header = grid.locator('[role="columnheader"]').filter({ hasText: title }).first();
  const col = await header.getAttribute('aria-colindex');
  return gridRows(grid).nth(row).locator(`[role="gridcell"][aria-colindex="${col}"]`);
}

/** Clicks a cell, types into its editor, and leaves it by clicking the dialog's title. */
export async function typeIntoCell(
  page: Page,
  grid: Locator,
  row: number,
  title: string,
  text: string,
): Promise<void> {
  const target = await gridCell(grid, row, title);
  await target.click();
  const box = target.locator('input, textarea').first();
  await box.waitFor();
  await box.fill(text);
  await visibleDialog(page).locator('.ant-modal-title').click();
  await settle(page);
}

/** Adds `count` rows with the toolbar's 新增 (one insert per 1500 ms: the spec's throttle). */
export async function addGridRows(page: Page, grid: Locator, count: number): Promise<void> {
  const add = grid.getByRole('button', { name: /新\s*增/ });
  const before = await gridRows(grid).count();
  for (let i = 1; i <= count; i++) {
    if (i > 1) await page.waitForTimeout(1600);
    await add.click();
    await expect.poll(() => gridRows(grid).count()).toBe(before + i);
  }
}
