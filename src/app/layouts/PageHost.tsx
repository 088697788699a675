import { useEffect, useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { tabRefreshAtom, tabsAtom } from '../tabs/tabs-atom';
import { openTab } from '../tabs/tabs';
import { matchScreen } from '../router/screen-routes';
import { HOME_PATH } from '../router/menu-routes';
import { useDocumentTitle } from '../router/use-document-title';
import { useStoredTabs } from '../tabs/use-stored-tabs';

/** Renders the route objects for one location (a tab's, or the current one). */
function RoutedPane({ objects, path }: { readonly objects: RouteObject[]; readonly path: string }) {
  const [pathname, search = ''] = path.split('?');
  return useRoutes(objects, { pathname: pathname ?? '/', search: search ? `?${search}` : '' });
}

/**
 * The page area. With tabs, every open tab's page stays mounted (hidden when inactive), so
 * switching tabs keeps what the user typed and where they scrolled; `refresh` remounts one.
 * Without tabs only the current page is mounted.
 */
export function PageHost({
  objects,
  multipage,
}: {
  readonly objects: RouteObject[];
  readonly multipage: boolean;
}) {
  const location = useLocation();
  const active = location.pathname + location.search;
  const [tabs, setTabs] = useAtom(tabsAtom);
  const refresh = useAtomValue(tabRefreshAtom);
  useStoredTabs(objects);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([active]));
  const screen = useMemo(
    () => matchScreen(objects, location.pathname),
    [objects, location.pathname],
  );

  const title = screen ? (tabs.titles[active] ?? screen.route.meta.title) : null;
  useDocumentTitle(location.pathname === HOME_PATH ? null : title);

  useEffect(() => {
    if (screen) setTabs((state) => openTab(state, active, screen.route.meta.title));
  }, [screen, active, setTabs]);

  // A tab's page mounts when the tab is first shown: tabs restored after a reload stay empty
  // (nothing loaded, nothing fetched) until the user opens them.
  if (!shown.has(active)) setShown(new Set(shown).add(active));
  if (!multipage) {
    return <RoutedPane key={`${active}#${refresh[active] ?? 0}`} objects={objects} path={active} />;
  }
  const paths = tabs.tabs.map((t) => t.path).filter((path) => shown.has(path));
  if (!paths.includes(active)) paths.push(active);
  return (
    <>
      {paths.map((path) => (
        <div key={`${path}#${refresh[path] ?? 0}`} hidden={path !== active} data-tab-pane={path}>
          <RoutedPane objects={objects} path={path} />
        </div>
      ))}
    </>
  );
}
