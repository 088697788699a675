import type { MenuItem, MenuMeta } from '../../../src/contracts/permission';

export const meta = (title: string, extra: Partial<MenuMeta> = {}): MenuMeta => ({
  title,
  keepAlive: false,
  componentName: '',
  internalOrExternal: false,
  ...extra,
});

/** A server menu in the reference system's shape, with every case of the conversion. */
export const MENU: readonly MenuItem[] = [
  {
    id: 'home',
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    route: '1',
    meta: meta('首页', { icon: 'home' }),
  },
  {
    id: 'system',
    path: '/system',
    name: 'system',
    component: 'layouts/RouteView',
    route: '1',
    meta: meta('系统管理', { icon: 'setting' }),
    children: [
      {
        id: 'secret',
        path: '/system/secret',
        name: 'system-secret',
        component: 'system/Secret',
        route: '1',
        hidden: true,
        meta: meta('隐藏页'),
      },
      {
        id: 'user',
        path: '/system/user',
        name: 'system-user',
        component: 'system/UserList',
        route: '1',
        meta: meta('用户管理', {
          keepAlive: true,
          componentName: 'UserList',
          permissionList: [{ action: 'user:add', type: '1', describe: '添加' }],
        }),
      },
      {
        id: 'role',
        path: '/system/role',
        name: 'system-role',
        component: 'layouts/RouteView',
        route: '0',
        meta: meta('角色管理'),
        children: [
          {
            id: 'role-list',
            path: '/system/role/list',
            name: 'system-role-list',
            component: 'system/RoleList',
            route: '1',
            meta: meta('角色列表'),
          },
        ],
      },
      {
        id: 'dict',
        path: 'system/dict',
        name: 'system-dict',
        component: 'system/DictList',
        route: '1',
        meta: meta('数据字典', { hidden: true }),
      },
    ],
  },
  {
    id: 'report',
    path: '/report',
    name: 'report',
    component: 'layouts/RouteView',
    route: '1',
    alwaysShow: true,
    redirect: '/report/elsewhere',
    meta: meta('报表'),
    children: [
      {
        id: 'jmreport',
        path: '/report/jm',
        name: 'report-jm',
        component: 'layouts/IframePageView',
        route: '1',
        meta: meta('积木报表', {
          url: "{{ window._CONFIG['domianURL'] }}/jmreport/list?token={{token}}&u={{userInfo.username}}",
        }),
      },
      {
        id: 'docs',
        path: '/report/docs',
        name: 'report-docs',
        component: 'layouts/IframePageView',
        route: '1',
        meta: meta('文档', {
          internalOrExternal: true,
          url: 'https://docs.example.com',
          target: '_blank',
        }),
      },
      {
        id: 'nested',
        path: '/report/nested',
        name: 'report-nested',
        component: 'layouts/RouteView',
        route: '1',
        meta: meta('分组'),
        children: [
          {
            id: 'deep',
            path: '/report/nested/deep',
            name: 'report-deep',
            component: 'report/Deep',
            route: '1',
            meta: meta('深层'),
          },
        ],
      },
    ],
  },
  {
    id: 'monitor',
    path: '/monitor',
    name: 'monitor',
    component: 'layouts/RouteView',
    route: '1',
    redirect: '/monitor/server',
    meta: meta('监控'),
    children: [
      {
        id: 'monitor-server',
        path: '/monitor/server',
        name: 'monitor-server',
        component: 'monitor/Server',
        route: '1',
        meta: meta('服务器'),
      },
      {
        id: 'monitor-redis',
        path: '/monitor/redis',
        name: 'monitor-redis',
        component: 'monitor/Redis',
        route: '1',
        meta: meta('缓存'),
      },
    ],
  },
  {
    id: 'link-only',
    path: '/link-only',
    name: 'link-only',
    component: 'system/LinkOnly',
    route: '0',
    meta: meta('仅菜单'),
  },
  {
    id: 'notice-mine',
    path: '/settings/notice/mine',
    name: 'settings-notice-mine',
    component: 'system/NoticeMine',
    route: '1',
    hidden: true,
    meta: meta('我的消息'),
  },
];

export const CONTEXT = {
  window: { _CONFIG: { domianURL: 'http://app.test/system' } },
  token: 'tok-1',
  userInfo: { username: 'admin', realname: '管理员' },
};
