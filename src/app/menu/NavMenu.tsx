import { useMemo, useState } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppRoute } from '../router/menu-routes';
import type { MenuTheme } from '../settings/settings';
import { activeTrail, findRoute, menuItems } from './menu-items';
import { openEntry } from './open-entry';

export interface NavMenuProps {
  readonly routes: readonly AppRoute[];
  readonly theme: MenuTheme;
  readonly mode: 'inline' | 'horizontal';
  readonly collapsed?: boolean;
  /** Called after an entry was followed (the mobile drawer closes). */
  readonly onNavigate?: () => void;
}

/** One menu tree: collapsed side menu, mobile drawer, top menu, second column. */
export function NavMenu({ routes, theme, mode, collapsed = false, onNavigate }: NavMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const trail = useMemo(() => activeTrail(routes, pathname), [routes, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => trail.slice(0, -1));
  const items = useMemo(() => menuItems(routes), [routes]);
  return (
    <Menu
      theme={theme}
      mode={mode}
      items={items}
      {...(mode === 'inline' ? { inlineCollapsed: collapsed } : {})}
      selectedKeys={trail.slice(-1)}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={({ key }) => {
        const route = findRoute(routes, key);
        if (!route) return;
        openEntry(route, navigate);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
