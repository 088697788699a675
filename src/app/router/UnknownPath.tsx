import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useServices } from '../services';
import { PageLoading } from '../pages/PageLoading';
import { lazyPage } from './lazy-page';

const ForbiddenPage = lazyPage(() => import('../pages/ForbiddenPage'));

type Verdict = 'asking' | 'forbidden' | 'unknown';

/**
 * A path the user's menu has no screen for: the server says whether it is a screen someone
 * else may open (403, shown in place) or nothing at all (/404). When it cannot be asked, 404.
 */
export function UnknownPath({ pathname }: { readonly pathname: string }) {
  const { api } = useServices();
  const [verdict, setVerdict] = useState<{ path: string; verdict: Verdict } | null>(null);
  useEffect(() => {
    let live = true;
    api
      .menuPathStatus(pathname)
      .then((answer) => (answer.success && answer.result.known ? 'forbidden' : 'unknown'))
      .catch(() => 'unknown' as const)
      .then((v) => {
        if (live) setVerdict({ path: pathname, verdict: v });
      });
    return () => {
      live = false;
    };
  }, [api, pathname]);
  const current = verdict?.path === pathname ? verdict.verdict : 'asking';
  if (current === 'asking') return <PageLoading />;
  if (current === 'unknown') return <Navigate to="/404" replace />;
  return <ForbiddenPage />;
}
