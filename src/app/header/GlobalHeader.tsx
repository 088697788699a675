import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { AppRoute } from '../router/menu-routes';
import type { Settings } from '../settings/settings';
import type { Viewport } from '../settings/viewport';
import { NavMenu } from '../menu/NavMenu';
import { Logo } from './Logo';
import { MenuSearch } from './MenuSearch';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';
import styles from './GlobalHeader.module.css';

export interface GlobalHeaderProps {
  readonly routes: readonly AppRoute[];
  readonly settings: Settings;
  readonly viewport: Viewport;
  /** Side menu open (desktop) or drawer open (mobile). */
  readonly menuOpen: boolean;
  readonly onToggleMenu: () => void;
  /** Hidden by the auto-hide option. */
  readonly hidden: boolean;
}

export function GlobalHeader({
  routes,
  settings,
  viewport,
  menuOpen,
  onToggleMenu,
  hidden,
}: GlobalHeaderProps) {
  const topMenu = settings.layout === 'topmenu' && viewport !== 'mobile';
  const dark = topMenu && settings.theme === 'dark';
  const fixed = settings.fixedHeader;
  const className = [
    styles.header,
    dark ? styles.dark : styles.light,
    fixed ? styles.fixed : '',
    hidden ? styles.hidden : '',
  ].join(' ');
  const Trigger = menuOpen ? MenuFoldOutlined : MenuUnfoldOutlined;
  return (
    <header className={className}>
      {topMenu ? (
        <>
          <Logo dark={dark} />
          <div className={styles.topMenu}>
            <NavMenu routes={routes} theme={settings.theme} mode="horizontal" />
          </div>
        </>
      ) : (
        <>
          {viewport === 'mobile' && <Logo dark={false} compact />}
          <button
            type="button"
            className={styles.action}
            onClick={onToggleMenu}
            aria-label={menuOpen ? '收起菜单' : '展开菜单'}
          >
            <Trigger />
          </button>
          <div className={styles.spacer} />
        </>
      )}
      <div className={styles.right}>
        <MenuSearch routes={routes} mobile={viewport === 'mobile'} />
        <NoticeBell />
        <UserMenu desktop={viewport === 'desktop'} />
      </div>
    </header>
  );
}
