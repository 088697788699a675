import type { Locator, Page } from 'playwright-core';
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
