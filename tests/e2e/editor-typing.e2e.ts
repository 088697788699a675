import { describe, expect, it } from 'vitest';
import { browserSession, openMenu, waitForScreen } from './support';

/**
 * The page editor's monaco owns its text: typed on a slow machine (the CPU throttled 20×, so
 * every check of the draft lags behind the keys), the text arrives whole and in order. A
 * controlled editor pushed each late render's value back and scattered the keystrokes.
 */

const TYPED = '"note_zz": "abcdefghijklmnopqrstuvwxyz0123456789",';

describe('the page editor on a slow machine', () => {
  const session = browserSession({ user: 'admin' });

  it('keeps every keystroke, in order', async () => {
    const { page } = session;
    await openMenu(page, '低代码', '页面配置');
    await waitForScreen(page, '/lowcode/page', '页面配置');
    await page.getByRole('button', { name: '新增页面' }).click();
    const lines = page.locator('.monaco-editor .view-lines').first();
    await lines.waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    try {
      await page.locator('.monaco-editor').first().click();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type(TYPED, { delay: 5 });
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    const typedLine = async () => {
      const text = (await lines.innerText()).replace(/\u00a0/g, ' ');
      return (
        text
          .split('\n')
          .find((line) => line.includes('note_zz'))
          ?.trim() ?? ''
      );
    };
    await expect.poll(typedLine).toBe(TYPED);
  });
});
