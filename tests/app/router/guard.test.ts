import { describe, expect, it } from 'vitest';
import { guard, loginRedirect, safeRedirect } from '../../../src/app/router/guard';

describe('guard without a token', () => {
  it.each(['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/user'])(
    'lets %s through',
    (path) => {
      expect(guard(path, '', false, false)).toEqual({ kind: 'allow' });
    },
  );

  it('sends anything else to the login page with the full path (query included)', () => {
    const decision = guard('/system/user', '?page=2&q=%E5%BC%A0', false, false);
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2%26q%3D%25E5%25BC%25A0',
    });
    if (decision.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(decision.to, 'http://app.test');
    expect(url.pathname).toBe('/user/login');
    expect(url.searchParams.get('redirect')).toBe('/system/user?page=2&q=%E5%BC%A0');
  });

  it('sends the home page and / to login too', () => {
    expect(guard('/dashboard/analysis', '', false, false)).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fdashboard%2Fanalysis',
    });
    expect(guard('/', '', false, false)).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2F',
    });
  });
});

describe('guard with a token', () => {
  it('sends /user/login to the home page', () => {
    expect(guard('/user/login', '', true, true)).toEqual({
      kind: 'redirect',
      to: '/dashboard/analysis',
    });
    expect(guard('/user/login', '', true, false)).toEqual({
      kind: 'redirect',
      to: '/dashboard/analysis',
    });
  });

  it('loads the permissions first when there are none', () => {
    expect(guard('/system/user', '', true, false)).toEqual({ kind: 'load-permissions' });
  });

  it('lets the page render once the permissions are there', () => {
    expect(guard('/system/user', '?a=1', true, true)).toEqual({ kind: 'allow' });
  });

  it('lets the other public pages through without loading permissions', () => {
    expect(guard('/user/register', '', true, false)).toEqual({ kind: 'allow' });
  });
});

describe('loginRedirect', () => {
  it('encodes the path as the redirect query', () => {
    expect(loginRedirect('/a?b=1&c=2')).toBe('/user/login?redirect=%2Fa%3Fb%3D1%26c%3D2');
  });
});

describe('safeRedirect', () => {
  it('follows a path inside the app, query included', () => {
    expect(safeRedirect('/system/user?page=2')).toBe('/system/user?page=2');
  });

  it.each([
    null,
    '',
    '//evil.com',
    '//evil.com/system/user',
    '/\\evil.com',
    'https://evil.com',
    'http://evil.com/x',
    'javascript:alert(1)',
    'evil.com',
  ])('refuses %s and goes home', (value) => {
    expect(safeRedirect(value)).toBe('/dashboard/analysis');
  });
});
