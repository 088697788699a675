import type { Locator, Page } from 'playwright-core';

/** Replaces the whole text of the (first) monaco editor: select all, paste. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  const editor = page.locator('.monaco-editor').first();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+A');
  // A paste (typing would trigger monaco's bracket auto-closing and auto-indent).
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData('text/plain', content);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, text);
}

/** The content of the modal titled `title`. */
export function titledModal(page: Page, title: string): Locator {
  return page.locator('.ant-modal-content').filter({
    has: page.locator('.ant-modal-title', { hasText: title }),
  });
}
