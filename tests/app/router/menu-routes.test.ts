import { describe, expect, it } from 'vitest';
import {
  flattenRoutes,
  menuToRoutes,
  opensInNewWindow,
  redirectTarget,
  searchableRoutes,
  type AppRoute,
} from '../../../src/app/router/menu-routes';
import { CONTEXT, MENU } from './menu-fixture';

const routes = menuToRoutes(MENU, CONTEXT);
const all = flattenRoutes(routes).map((f) => f.route);

function byId(id: string): AppRoute {
  const route = all.find((r) => r.id === id);
  if (!route) throw new Error(`no route ${id}`);
  return route;
}

describe('menuToRoutes', () => {
  it('turns each menu item into a route with path, name, component and meta', () => {
    expect(byId('user')).toEqual({
      id: 'user',
      path: '/system/user',
      name: 'system-user',
      component: 'system/UserList',
      hidden: false,
      meta: {
        title: '用户管理',
        keepAlive: true,
        componentName: 'UserList',
        permissionList: [{ action: 'user:add', type: '1', describe: '添加' }],
        internalOrExternal: false,
      },
      children: [],
    });
  });

  it('skips items whose route flag is 0, with their children, at any level', () => {
    const ids = all.map((r) => r.id);
    expect(ids).not.toContain('link-only');
    expect(ids).not.toContain('role');
    expect(ids).not.toContain('role-list');
    expect(routes.map((r) => r.id)).toEqual(['home', 'system', 'report', 'monitor', 'notice-mine']);
  });

  it('makes an alwaysShow item redirect to its own path', () => {
    expect(byId('report').redirect).toBe('/report');
  });

  it('keeps the redirect of other items', () => {
    expect(byId('monitor').redirect).toBe('/monitor/server');
    expect(byId('system').redirect).toBeUndefined();
  });

  it('renders {{expr}} urls from the context', () => {
    expect(byId('jmreport').meta.url).toBe(
      'http://app.test/system/jmreport/list?token=tok-1&u=admin',
    );
    expect(byId('docs').meta.url).toBe('https://docs.example.com');
    expect(byId('user').meta.url).toBeUndefined();
  });

  it('drops a url that renders to something unsafe to open (javascript:, //host)', () => {
    const item = MENU.flatMap((m) => [m, ...(m.children ?? [])]).find((m) => m.id === 'docs')!;
    for (const url of [
      'javascript:alert(1)',
      "{{ 'javascript:' + 'alert(1)' }}",
      '//evil.example/x',
    ]) {
      const [route] = menuToRoutes([{ ...item, meta: { ...item.meta, url } }], CONTEXT);
      expect(route?.meta.url).toBeUndefined();
    }
  });

  it('keeps hidden items as routes but flags them (item or meta hidden)', () => {
    expect(byId('secret').hidden).toBe(true);
    expect(byId('dict').hidden).toBe(true);
    expect(byId('notice-mine').hidden).toBe(true);
    expect(byId('notice-mine').path).toBe('/settings/notice/mine');
    expect(byId('user').hidden).toBe(false);
  });

  it('makes every path absolute', () => {
    expect(byId('dict').path).toBe('/system/dict');
  });

  it('defaults a missing permission list to none', () => {
    expect(byId('home').meta.permissionList).toEqual([]);
  });

  it('keeps target and icon when set', () => {
    expect(byId('docs').meta.target).toBe('_blank');
    expect(byId('home').meta.icon).toBe('home');
  });
});

describe('flattenRoutes', () => {
  it('lists parents before children with the titles above each route', () => {
    const flat = flattenRoutes(routes);
    const deep = flat.find((f) => f.route.id === 'deep');
    expect(deep?.trail).toEqual(['报表', '分组']);
    expect(flat.find((f) => f.route.id === 'home')?.trail).toEqual([]);
    const ids = flat.map((f) => f.route.id);
    expect(ids.indexOf('system')).toBeLessThan(ids.indexOf('user'));
  });
});

describe('redirectTarget', () => {
  it('sends a RouteView parent to its first visible child', () => {
    // /system/secret is first but hidden.
    expect(redirectTarget(byId('system'))).toBe('/system/user');
  });

  it('follows an alwaysShow parent (redirect to itself) into its first visible child', () => {
    expect(redirectTarget(byId('report'))).toBe('/report/jm');
  });

  it('follows an explicit redirect elsewhere', () => {
    expect(redirectTarget(byId('monitor'))).toBe('/monitor/server');
  });

  it('descends through nested RouteView parents', () => {
    expect(redirectTarget(byId('nested'))).toBe('/report/nested/deep');
  });

  it('falls back to the first child when all children are hidden', () => {
    const [parent] = menuToRoutes(
      [
        {
          id: 'p',
          path: '/p',
          name: 'p',
          component: 'layouts/RouteView',
          route: '1',
          meta: { title: 'P', keepAlive: false, componentName: '', internalOrExternal: false },
          children: [
            {
              id: 'c',
              path: '/p/c',
              name: 'c',
              component: 'x/C',
              route: '1',
              hidden: true,
              meta: { title: 'C', keepAlive: false, componentName: '', internalOrExternal: false },
            },
          ],
        },
      ],
      {},
    );
    expect(parent && redirectTarget(parent)).toBe('/p/c');
  });

  it('answers null for a screen and for an empty RouteView', () => {
    expect(redirectTarget(byId('user'))).toBeNull();
    const [empty] = menuToRoutes(
      [
        {
          id: 'e',
          path: '/e',
          name: 'e',
          component: 'layouts/RouteView',
          route: '1',
          meta: { title: 'E', keepAlive: false, componentName: '', internalOrExternal: false },
        },
      ],
      {},
    );
    expect(empty && redirectTarget(empty)).toBeNull();
  });
});

describe('searchableRoutes', () => {
  const titles = searchableRoutes(routes).map((r) => r.meta.title);

  it('lists every non-hidden, non-layout entry', () => {
    expect(titles).toEqual(['首页', '用户管理', '积木报表', '文档', '深层', '服务器', '缓存']);
  });

  it('leaves out hidden entries and RouteView layouts', () => {
    for (const title of ['隐藏页', '数据字典', '我的消息', '系统管理', '报表', '分组', '监控']) {
      expect(titles).not.toContain(title);
    }
  });
});

describe('opensInNewWindow', () => {
  it('is true for external entries and iframe pages, false for app screens', () => {
    expect(opensInNewWindow(byId('docs'))).toBe(true);
    expect(opensInNewWindow(byId('jmreport'))).toBe(true);
    expect(opensInNewWindow(byId('user'))).toBe(false);
    expect(opensInNewWindow(byId('home'))).toBe(false);
  });
});
