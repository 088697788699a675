import { describe, expect, it } from 'vitest';
import { breadcrumbTitles } from '../../../src/app/layouts/PageBreadcrumb';
import { menuToRoutes } from '../../../src/app/router/menu-routes';
import { buildScreenRoutes, matchScreen } from '../../../src/app/router/screen-routes';
import { CONTEXT, MENU } from '../router/menu-fixture';

const objects = buildScreenRoutes(menuToRoutes(MENU, CONTEXT));
const titlesAt = (pathname: string) => breadcrumbTitles(matchScreen(objects, pathname));

describe('breadcrumb titles', () => {
  it('start with 首页, then the ancestors and the page', () => {
    expect(titlesAt('/system/user')).toEqual(['首页', '系统管理', '用户管理']);
    expect(titlesAt('/report/nested/deep')).toEqual(['首页', '报表', '分组', '深层']);
  });

  it('are only 首页 on the home page', () => {
    expect(titlesAt('/dashboard/analysis')).toEqual(['首页']);
  });

  it('are only 首页 where nothing matched or the path redirects', () => {
    expect(titlesAt('/nowhere')).toEqual(['首页']);
    expect(titlesAt('/system')).toEqual(['首页']);
  });

  it('cover a hidden route that is still a route', () => {
    expect(titlesAt('/settings/notice/mine')).toEqual(['首页', '我的消息']);
  });
});
