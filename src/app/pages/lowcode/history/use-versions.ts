import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { Outcome } from '../model/page-store';

/**
 * The stored versions of a definition (newest first), loaded when `active` through `load`
 * (the page store's or 报表配置's call; keep it stable, e.g. with useCallback).
 */
export function useVersions<R>(
  load: () => Promise<Outcome<readonly R[]>>,
  active: boolean,
  currentVersion: number,
) {
  const { message } = App.useApp();
  const [versions, setVersions] = useState<readonly R[]>([]);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    const outcome = await load();
    setLoading(false);
    if (outcome.ok) setVersions(outcome.result);
    else if (!outcome.presented) void message.error(outcome.message);
  }, [load, message]);

  useEffect(() => {
    // Reloaded whenever the drawer opens or the definition gets a new version.
    if (active) void reload();
  }, [active, reload, currentVersion]);

  return { versions, loading, reload };
}
