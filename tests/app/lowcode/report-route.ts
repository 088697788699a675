import type { AppRoute } from '../../../src/app/router/menu-routes';

/** 低代码 → 报表配置's menu route, as the router gives it to the screen. */
export const REPORT_ROUTE: AppRoute = {
  id: 'm-lowcode-report',
  path: '/lowcode/report',
  name: 'lowcode-report',
  component: 'lowcode/ReportDesigner',
  hidden: false,
  meta: {
    title: '报表配置',
    keepAlive: false,
    componentName: '',
    permissionList: [],
    internalOrExternal: false,
  },
  children: [],
};
