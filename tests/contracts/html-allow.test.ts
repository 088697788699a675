import { describe, expect, it } from 'vitest';
import {
  filterStyle,
  isAllowedAttribute,
  isAllowedAttributeValue,
  isAllowedUrl,
  styleAllowed,
} from '../../src/contracts/html-allow';

// The whole payload table runs through both sanitisers in tests/server/html-sanitize.test.ts
// and tests/e2e/html-sanitize.e2e.ts; these are the contract's own rules.
describe('the HTML allow-list', () => {
  it('keeps web, mail, phone and same-site urls in links', () => {
    for (const url of [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:a@b.cn',
      'tel:+86-10-1234',
      '/isystem/user',
      'docs/a.html',
      '#top',
      '?page=2',
    ]) {
      expect(isAllowedUrl('href', url), url).toBe(true);
    }
  });

  it('refuses script, data and foreign-host urls, and any whitespace or backslash in one', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'jav\tascript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,iVBORw0KGgo=',
      'ftp://example.com',
      '//evil.example',
      '/\\evil.example',
      'https://exa mple.com',
      '',
    ]) {
      expect(isAllowedUrl('href', url), url).toBe(false);
    }
  });

  it('keeps uploaded, web and pasted raster images; refuses SVG and other data', () => {
    expect(isAllowedUrl('src', '/system/sys/common/static/2026/11/26/a.png')).toBe(true);
    expect(isAllowedUrl('src', 'https://example.com/a.jpg')).toBe(true);
    expect(isAllowedUrl('src', 'data:image/jpeg;base64,/9j/4AAQ')).toBe(true);
    expect(isAllowedUrl('src', 'data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedUrl('src', 'data:image/png,rawbytes')).toBe(false);
    expect(isAllowedUrl('src', 'mailto:a@b.cn')).toBe(false);
    expect(isAllowedUrl('src', 'javascript:alert(1)')).toBe(false);
  });

  it('allows attributes per element, never handlers', () => {
    expect(isAllowedAttribute('a', 'href')).toBe(true);
    expect(isAllowedAttribute('p', 'style')).toBe(true);
    expect(isAllowedAttribute('p', 'href')).toBe(false);
    expect(isAllowedAttribute('img', 'onerror')).toBe(false);
    expect(isAllowedAttribute('img', 'srcset')).toBe(false);
    expect(isAllowedAttribute('p', 'id')).toBe(false);
    expect(isAllowedAttribute('p', 'data-x')).toBe(false);
    expect(isAllowedAttributeValue('data-lexical-indent', '2')).toBe(true);
    expect(isAllowedAttributeValue('data-lexical-indent', '2;x')).toBe(false);
    expect(isAllowedAttributeValue('target', '_blank')).toBe(true);
    expect(isAllowedAttributeValue('target', 'evil')).toBe(false);
    expect(isAllowedAttributeValue('dir', 'rtl')).toBe(true);
    expect(isAllowedAttributeValue('title', 'any text <at all>')).toBe(true);
  });

  it('keeps the styles an editor writes, in the shapes it writes them', () => {
    expect(styleAllowed('text-align', 'center')).toBe(true);
    expect(styleAllowed('color', 'rgb(208, 2, 27)')).toBe(true);
    expect(
      styleAllowed('padding-inline-start', 'calc(1 * var(--lexical-indent-base-value, 40px))'),
    ).toBe(true);
    expect(styleAllowed('font-size', '15px')).toBe(true);
    expect(styleAllowed('width', 'expression(alert(1))')).toBe(false);
    expect(styleAllowed('background-color', 'url(javascript:alert(1))')).toBe(false);
    expect(styleAllowed('behavior', 'url(x.htc)')).toBe(false);
    expect(styleAllowed('position', 'fixed')).toBe(false);
    expect(styleAllowed('constructor', 'x')).toBe(false);
  });

  it('filters a style attribute declaration by declaration', () => {
    expect(filterStyle('color: red; position: fixed; TEXT-ALIGN: center;')).toBe(
      'color:red;text-align:center',
    );
    expect(filterStyle('background:url(javascript:alert(1))')).toBe('');
    expect(filterStyle('color: red; x: url("a;b"); font-weight: bold')).toBe(
      'color:red;font-weight:bold',
    );
  });
});
