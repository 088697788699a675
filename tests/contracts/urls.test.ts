import { describe, expect, it } from 'vitest';
import {
  MSG_MENU_URL,
  isSameOriginPath,
  isWebUrl,
  menuUrlProblem,
  staysOnSite,
} from '../../src/contracts/urls';

describe('same-origin paths (page definitions)', () => {
  it.each(['/sys/user/list', '/online/cgform/api/demo/{id}/list', '/a.b/c-d_e'])(
    'accepts %s',
    (url) => expect(isSameOriginPath(url)).toBe(true),
  );
  it.each([
    '//other-host/x',
    '///x',
    '\\\\host\\x',
    '/\\host',
    'javascript:alert(1)',
    'https://evil.example/x',
    'sys/user/list',
    '/sys/../x',
    '/./x',
    '/x/..',
    '',
    '/x?y=1',
    '/用户',
  ])('refuses %j', (url) => expect(isSameOriginPath(url)).toBe(false));
});

describe('menu urls', () => {
  it.each([
    '/isystem/user',
    '/online/page/demo_customer',
    '{{ window._CONFIG.x }}/a',
    'https://x.cn/a?b=1',
    'http://intranet:8080/',
  ])('accepts %s', (url) => expect(menuUrlProblem(url)).toBeNull());
  it.each([
    '//evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://x',
    '\\\\evil',
    '/a/../b',
    'isystem',
    '/a b',
    'https://',
  ])('refuses %j', (url) => expect(menuUrlProblem(url)).toBe(MSG_MENU_URL));
  it('knows a web url', () => {
    expect(isWebUrl('https://a.b')).toBe(true);
    expect(isWebUrl('https:/a.b')).toBe(false);
  });
});

describe('the http client', () => {
  it('calls only paths under its base', () => {
    expect(staysOnSite('/sys/x')).toBe(true);
    for (const url of ['//x', '/\\x', 'http://x', 'x', '/x\\y'])
      expect(staysOnSite(url)).toBe(false);
  });
});
