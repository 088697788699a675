import { useMemo, useState } from 'react';
import { App as AntApp, Drawer, Layout } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { settingsAtom, viewportAtom } from '../state/atoms';
import { useMenuRoutes } from '../menu/use-menu-routes';
import { NavMenu } from '../menu/NavMenu';
import { TwoLevelMenu } from '../menu/TwoLevelMenu';
import { COLLAPSED_WIDTH, MOBILE_DRAWER_WIDTH } from '../menu/layout-constants';
import { GlobalHeader } from '../header/GlobalHeader';
import { Logo } from '../header/Logo';
import { TabsBar } from '../tabs/TabsBar';
import { buildScreenRoutes, matchScreen } from '../router/screen-routes';
import { useBaseConfig } from '../state/use-base-config';
import { PageHost } from './PageHost';
import { PageBreadcrumb } from './PageBreadcrumb';
import { useAutoHideHeader } from './use-auto-hide-header';
import { WelcomeNotice } from './WelcomeNotice';
import styles from './MainLayout.module.css';

/**
 * The signed-in shell: side menu (two columns on desktop, collapsed single column when
 * narrow or folded, a 200 px drawer on mobile) or a top menu, header, tabs, page, footer.
 */
export default function MainLayout() {
  const routes = useMenuRoutes();
  const [settings, updateSettings] = useAtom(settingsAtom);
  const viewport = useAtomValue(viewportAtom);
  const location = useLocation();
  const { companyName } = useBaseConfig();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Narrow windows start with the menu folded; the trigger unfolds it for this visit only.
  const [narrowOpen, setNarrowOpen] = useState(false);
  const objects = useMemo(() => buildScreenRoutes(routes), [routes]);
  const screen = useMemo(
    () => matchScreen(objects, location.pathname),
    [objects, location.pathname],
  );
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);

  const mobile = viewport === 'mobile';
  const topMenu = settings.layout === 'topmenu' && !mobile;
  const collapsed = viewport === 'narrow' ? !narrowOpen : !settings.sidebarOpen;
  const multipage = settings.multipage && !mobile;
  const menuOpen = mobile ? drawerOpen : !collapsed;
  const toggleMenu = () => {
    if (mobile) setDrawerOpen((open) => !open);
    else if (viewport === 'narrow') setNarrowOpen((open) => !open);
    else updateSettings({ sidebarOpen: !settings.sidebarOpen });
  };
  const siderClass = `${styles.sider} ${settings.fixSiderbar ? styles.fixedSider : ''}`;

  return (
    <AntApp component={false}>
      <WelcomeNotice />
      <Layout className={styles.root} hasSider={!mobile && !topMenu}>
        {mobile && (
          <Drawer
            placement="left"
            width={MOBILE_DRAWER_WIDTH}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            closable={false}
            styles={{
              body: { padding: 0, background: settings.theme === 'dark' ? '#001529' : '#fff' },
            }}
          >
            <Logo dark={settings.theme === 'dark'} />
            <NavMenu
              routes={routes}
              theme={settings.theme}
              mode="inline"
              onNavigate={() => setDrawerOpen(false)}
            />
          </Drawer>
        )}
        {!mobile && !topMenu && collapsed && (
          <Layout.Sider
            className={siderClass}
            collapsed
            collapsedWidth={COLLAPSED_WIDTH}
            width={COLLAPSED_WIDTH}
            theme={settings.theme}
            trigger={null}
          >
            <Logo dark={settings.theme === 'dark'} compact />
            <NavMenu routes={routes} theme={settings.theme} mode="inline" collapsed />
          </Layout.Sider>
        )}
        {!mobile && !topMenu && !collapsed && (
          <aside className={siderClass}>
            <TwoLevelMenu
              routes={routes}
              theme={settings.theme}
              header={<Logo dark={settings.theme === 'dark'} />}
            />
          </aside>
        )}
        <Layout className={styles.main}>
          <GlobalHeader
            routes={routes}
            settings={settings}
            viewport={viewport}
            menuOpen={menuOpen}
            onToggleMenu={toggleMenu}
            hidden={headerHidden}
          />
          {multipage && <TabsBar />}
          <PageBreadcrumb screen={screen} />
          <Layout.Content
            className={`${styles.content} ${topMenu && settings.contentWidth === 'Fixed' ? styles.fixedWidth : ''}`}
          >
            <PageHost objects={objects} multipage={multipage} />
          </Layout.Content>
          <Layout.Footer className={styles.footer}>
            Copyright © {new Date().getFullYear()} {companyName}
          </Layout.Footer>
        </Layout>
      </Layout>
    </AntApp>
  );
}
