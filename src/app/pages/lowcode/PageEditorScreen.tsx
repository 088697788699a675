import { Suspense, useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { lazyPage } from '../../router/lazy-page';
import type { ScreenProps } from '../../router/screens';
import { tabsAtom } from '../../tabs/tabs-atom';
import { PageLoading } from '../PageLoading';
import type { PageEditorProps } from './editor-screen/PageEditor';
import { PageList } from './list/PageList';
import { replaceTabPath } from './tab-path';

// The editor (page engine, checks, monaco on demand) loads when a page is opened, not with the list.
const PageEditor = lazyPage<PageEditorProps>(() =>
  import('./editor-screen/PageEditor').then((m) => ({ default: m.PageEditor })),
);

/**
 * 低代码 → 页面配置 (menu component `lowcode/PageEditor`): the page list at the menu path, an
 * editor at `?code={code}` (or `?new=1` for a new page). Each editor is its own tab, so
 * several pages can be open and switching keeps what was typed.
 */
export default function PageEditorScreen({ route }: ScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const setTabs = useSetAtom(tabsAtom);
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const creating = params.get('new') !== null;
  const base = route.path;

  const open = useCallback(
    (page: string) => navigate(`${base}?code=${encodeURIComponent(page)}`),
    [navigate, base],
  );
  const create = useCallback(() => navigate(`${base}?new=1`), [navigate, base]);
  const back = useCallback(() => navigate(base), [navigate, base]);
  const created = useCallback(
    (page: string) => {
      const from = location.pathname + location.search;
      const to = `${base}?code=${encodeURIComponent(page)}`;
      setTabs((state) => replaceTabPath(state, from, to));
      navigate(to, { replace: true });
    },
    [location, base, setTabs, navigate],
  );

  if (code || creating) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PageEditor key={code ?? '(new)'} code={code} onBack={back} onCreated={created} />
      </Suspense>
    );
  }
  return <PageList onOpen={open} onCreate={create} />;
}
