import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support';

/**
 * What the rich-text display does with stored HTML, in real Chromium (DOMPurify does not run
 * under happy-dom): cleaned by `safeHtml`, then uploaded images swapped for signed URLs
 * (`signHtmlImages`), and the list cell's words (`htmlToText`). Nothing may run.
 */

interface RichtextView {
  show(html: string): Promise<string>;
  words(html: string): string;
  stored(path: string): string;
}
declare global {
  interface Window {
    richtext: RichtextView;
    pwned?: unknown;
  }
}

const ENTRY = `
import { safeHtml } from './src/runtime/html-sanitize';
import { signHtmlImages, storedImageUrl } from './src/runtime/html-images';
import { htmlToText } from './renderers/richtext/html-text';
export const show = (html) => signHtmlImages(safeHtml(html), async (path) => '/signed/' + path);
export const words = htmlToText;
export const stored = storedImageUrl;
`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: ENTRY,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'richtext',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html><head></head><body><div id="out"></div></body></html>',
  );
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
});

afterAll(async () => {
  await browser?.close();
});

/** The display's HTML, drawn; what ran (window.pwned) and what is left. */
async function display(html: string) {
  return page.evaluate(async (input) => {
    window.pwned = undefined;
    const shown = await window.richtext.show(input);
    const out = document.getElementById('out')!;
    out.innerHTML = shown;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const result = {
      html: shown,
      ran: window.pwned,
      scripts: out.querySelectorAll('script').length,
      handlers: [...out.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].map((a) => a.name).filter((name) => name.startsWith('on')),
      ),
      images: [...out.querySelectorAll('img')].map((img) => img.getAttribute('src')),
      links: [...out.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    };
    out.innerHTML = '';
    return result;
  }, html);
}

describe('the rich-text display in Chromium', () => {
  it('drops scripts, handlers and javascript: links, keeps the formatting', async () => {
    const result = await display(
      '<h2>标题</h2><p><b>粗</b> <script>window.pwned = 1</script></p>' +
        '<img src="x" onerror="window.pwned = 2"><a href="javascript:window.pwned=3">链</a>' +
        '<table><tbody><tr><td>格</td></tr></tbody></table><ul><li>一</li></ul>',
    );
    expect(result.ran).toBeUndefined();
    expect(result.scripts).toBe(0);
    expect(result.handlers).toEqual([]);
    expect(result.links).toEqual([null]);
    expect(result.html).toContain('<h2>标题</h2>');
    expect(result.html).toContain('<b>粗</b>');
    expect(result.html).toContain('<td>格</td>');
    expect(result.html).toContain('<li>一</li>');
  });

  it('shows uploaded images through signed URLs and leaves network images alone', async () => {
    const stored = await page.evaluate(() =>
      window.richtext.stored('news/20261127/a_1a2b3c4d5e6f.png'),
    );
    const result = await display(
      `<p><img src="${stored}"><img src="https://img.example.com/b.png"></p>`,
    );
    expect(result.images).toEqual([
      '/signed/news/20261127/a_1a2b3c4d5e6f.png',
      'https://img.example.com/b.png',
    ]);
  });

  it('reads the words for list cells without running anything', async () => {
    const words = await page.evaluate(() =>
      window.richtext.words(
        '<p>第一段</p><p>第二段<img src="x" onerror="window.pwned = 4"></p><script>window.pwned = 5</script>',
      ),
    );
    await page.waitForTimeout(100);
    expect(words).toBe('第一段 第二段 [图片]');
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
  });
});
