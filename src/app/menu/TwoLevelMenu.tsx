import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppRoute } from '../router/menu-routes';
import type { MenuTheme } from '../settings/settings';
import { MenuIcon } from './icons';
import { activeTrail } from './menu-items';
import { openEntry } from './open-entry';
import { NavMenu } from './NavMenu';
import {
  MENU_WIDTH_WITH_CHILDREN,
  MENU_WIDTH_WITHOUT_CHILDREN,
  SECOND_COLUMN_WIDTH,
} from './layout-constants';
import styles from './TwoLevelMenu.module.css';

function visibleChildren(route: AppRoute | undefined): AppRoute[] {
  return route ? route.children.filter((c) => !c.hidden) : [];
}

/** Width of the desktop side menu: 265 when the active entry has children, else 140. */
export function twoLevelWidth(hasChildren: boolean): number {
  return hasChildren ? MENU_WIDTH_WITH_CHILDREN : MENU_WIDTH_WITHOUT_CHILDREN;
}

/**
 * Desktop side menu: a first column of top-level entries and, when the active one has
 * children, a second column (135 px) with them.
 */
export function TwoLevelMenu({
  routes,
  theme,
  header,
}: {
  readonly routes: readonly AppRoute[];
  readonly theme: MenuTheme;
  readonly header: React.ReactNode;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const top = useMemo(() => routes.filter((r) => !r.hidden), [routes]);
  const routeTop = activeTrail(routes, pathname)[0] ?? null;
  // A top entry clicked by the user shows its children even before a child page opens.
  const [picked, setPicked] = useState<{ path: string; at: string } | null>(null);
  const activePath = picked && picked.at === pathname ? picked.path : routeTop;
  const active = top.find((r) => r.path === activePath);
  const children = visibleChildren(active);
  const width = twoLevelWidth(children.length > 0);
  const firstWidth = children.length > 0 ? width - SECOND_COLUMN_WIDTH : width;

  return (
    <div
      className={`${styles.root} ${theme === 'dark' ? styles.dark : styles.light}`}
      style={{ width }}
    >
      {header}
      <div className={styles.columns}>
        <nav className={styles.first} style={{ width: firstWidth }} aria-label="一级菜单">
          {top.map((route) => (
            <button
              type="button"
              key={route.path}
              className={`${styles.entry} ${route.path === activePath ? styles.active : ''}`}
              title={route.meta.title}
              onClick={() => {
                if (visibleChildren(route).length > 0)
                  setPicked({ path: route.path, at: pathname });
                else setPicked(null);
                openEntry(route, navigate);
              }}
            >
              <span className={styles.icon}>
                <MenuIcon name={route.meta.icon} />
              </span>
              <span className={styles.label}>{route.meta.title}</span>
            </button>
          ))}
        </nav>
        {children.length > 0 && (
          <nav
            className={styles.second}
            style={{ width: SECOND_COLUMN_WIDTH }}
            aria-label="二级菜单"
          >
            <div className={styles.secondTitle}>{active?.meta.title}</div>
            <NavMenu routes={children} theme={theme} mode="inline" />
          </nav>
        )}
      </div>
    </div>
  );
}
