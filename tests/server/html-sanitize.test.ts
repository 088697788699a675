import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml, readableText, sanitizeHtml } from '../../server/http/html-sanitize';
import {
  BAD_HTML,
  BAD_MARKDOWN,
  GOOD_HTML,
  GOOD_MARKDOWN,
  leftOver,
  normalise,
  problems,
} from '../support/html-payloads';

// The same table runs through the browser's DOMPurify in tests/e2e/html-sanitize.e2e.ts.
describe('the server HTML sanitiser (sanitize-html from src/contracts/html-allow.ts)', () => {
  it.each(BAD_HTML)('removes $name ($rule)', ({ html, gone }) => {
    const clean = sanitizeHtml(html);
    expect(problems(clean)).toEqual([]);
    expect(leftOver(clean, gone)).toEqual([]);
    // Cleaning is stable: what was stored cleans to itself when it is shown.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it.each(GOOD_HTML)('keeps $name', ({ html, kept }) => {
    const clean = sanitizeHtml(html);
    expect(normalise(clean)).toBe(kept);
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it.each(BAD_MARKDOWN)('removes markdown $name', ({ markdown, gone }) => {
    const clean = markdownToSafeHtml(markdown);
    expect(problems(clean)).toEqual([]);
    expect(leftOver(clean, gone)).toEqual([]);
  });

  it.each(GOOD_MARKDOWN)('keeps markdown: $name', ({ markdown, kept }) => {
    const clean = normalise(markdownToSafeHtml(markdown));
    for (const bit of kept) expect(clean).toContain(bit);
    expect(problems(clean)).toEqual([]);
  });
});

describe('readable text (spreadsheet cells)', () => {
  it('drops every tag and decodes the entities once', () => {
    expect(
      readableText(
        '<p>含 &lt;b&gt; 与 <b>粗体</b> &amp;lt; &quot;引&quot;</p><script>x()</script>',
      ),
    ).toBe('含 <b> 与 粗体 &lt; "引"');
  });
});
