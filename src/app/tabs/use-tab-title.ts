import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { renameTab } from './tabs';
import { tabsAtom } from './tabs-atom';

/**
 * Lets a page title its own tab (e.g. "编辑：张伟"); the title is remembered for the path and
 * becomes the page title too.
 */
export function useTabTitle(title: string | null | undefined): void {
  const setTabs = useSetAtom(tabsAtom);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (title) setTabs((state) => renameTab(state, pathname + search, title));
  }, [title, pathname, search, setTabs]);
}
