import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownToSafeHtml, sanitizeHtml } from '../../server/http/html-sanitize';
import {
  BAD_HTML,
  BAD_MARKDOWN,
  GOOD_HTML,
  GOOD_MARKDOWN,
  leftOver,
  normalise,
  problems,
} from '../support/html-payloads';
import { launchBrowser } from './support';

/**
 * The browser's sanitiser (src/runtime/html-sanitize.ts: DOMPurify) in real Chromium — DOMPurify
 * does not work under happy-dom — on the payload table the server test runs through
 * sanitize-html (tests/server/html-sanitize.test.ts). Both must leave nothing executable, and
 * give the same HTML for the same input.
 */

interface Sanitiser {
  safeHtml(html: string): string;
  markdownToSafeHtml(markdown: string): Promise<string>;
}
declare global {
  interface Window {
    sanitiser: Sanitiser;
    pwned?: unknown;
  }
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../../src/runtime/html-sanitize.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'sanitiser',
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

function inBrowser(html: string): Promise<string> {
  return page.evaluate((input) => window.sanitiser.safeHtml(input), html);
}

function markdownInBrowser(markdown: string): Promise<string> {
  return page.evaluate((input) => window.sanitiser.markdownToSafeHtml(input), markdown);
}

/** Shown the way the notice detail shows it: nothing may run. */
async function showAndWait(html: string): Promise<unknown> {
  return page.evaluate(async (clean) => {
    window.pwned = undefined;
    const out = document.getElementById('out')!;
    out.innerHTML = clean;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ran = window.pwned;
    out.innerHTML = '';
    return ran;
  }, html);
}

describe('the browser HTML sanitiser (DOMPurify from src/contracts/html-allow.ts)', () => {
  it.each(BAD_HTML)(
    'removes $name ($rule), as the server does',
    async ({ html, gone, browser: differs }) => {
      const clean = await inBrowser(html);
      expect(problems(clean)).toEqual([]);
      expect(leftOver(clean, gone)).toEqual([]);
      expect(await inBrowser(clean)).toBe(clean);
      expect(normalise(clean)).toBe(differs ?? normalise(sanitizeHtml(html)));
    },
  );

  it('runs none of them when shown', async () => {
    for (const { html } of BAD_HTML) {
      const armed = html.replaceAll('alert(1)', 'window.pwned=1');
      expect(await showAndWait(await inBrowser(armed)), html).toBeUndefined();
    }
  });

  it.each(GOOD_HTML)('keeps $name, as the server does', async ({ html, kept }) => {
    const clean = await inBrowser(html);
    expect(normalise(clean)).toBe(kept);
    expect(normalise(sanitizeHtml(html))).toBe(kept);
  });

  it.each(BAD_MARKDOWN)(
    'removes markdown $name, as the server does',
    async ({ markdown, gone }) => {
      const clean = await markdownInBrowser(markdown);
      expect(problems(clean)).toEqual([]);
      expect(leftOver(clean, gone)).toEqual([]);
      expect(normalise(clean)).toBe(normalise(markdownToSafeHtml(markdown)));
    },
  );

  it.each(GOOD_MARKDOWN)(
    'keeps markdown: $name, as the server does',
    async ({ markdown, kept }) => {
      const clean = normalise(await markdownInBrowser(markdown));
      for (const bit of kept) expect(clean).toContain(bit);
      expect(clean).toBe(normalise(markdownToSafeHtml(markdown)));
    },
  );
});
