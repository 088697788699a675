import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { PageVersion } from '../../../../contracts/page';
import type { PageStore } from '../model/page-store';

/** The stored versions of a page (newest first), loaded when `active`. */
export function useVersions(
  store: PageStore,
  code: string,
  active: boolean,
  currentVersion: number,
) {
  const { message } = App.useApp();
  const [versions, setVersions] = useState<readonly PageVersion[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const outcome = await store.versions(code);
    setLoading(false);
    if (outcome.ok) setVersions(outcome.result);
    else if (!outcome.presented) void message.error(outcome.message);
  }, [store, code, message]);

  useEffect(() => {
    // Reloaded whenever the drawer opens or the page gets a new version.
    if (active) void load();
  }, [active, load, currentVersion]);

  return { versions, loading, reload: load };
}
