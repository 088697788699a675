import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '../router/menu-routes';
import type { ScreenMatch } from '../router/screen-routes';

/** 首页 followed by the matched route's ancestors and its own title. */
export function breadcrumbTitles(screen: ScreenMatch | null): string[] {
  if (!screen || screen.route.path === HOME_PATH) return ['首页'];
  return ['首页', ...screen.trail, screen.route.meta.title];
}

export function PageBreadcrumb({ screen }: { readonly screen: ScreenMatch | null }) {
  const titles = breadcrumbTitles(screen);
  return (
    <Breadcrumb
      style={{ margin: '12px 16px 0' }}
      items={titles.map((title, index) => ({
        key: `${index}-${title}`,
        title: index === 0 && titles.length > 1 ? <Link to={HOME_PATH}>{title}</Link> : title,
      }))}
    />
  );
}
