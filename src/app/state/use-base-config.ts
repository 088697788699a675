import { useEffect } from 'react';
import { useAtom } from 'jotai';
import type { BaseConfig } from '../../contracts/config';
import { useServices } from '../services';
import { baseConfigAtom } from './atoms';

/** Company and product names: the cached copy at once, the server's once it answers. */
export function useBaseConfig(): BaseConfig {
  const { baseConfig } = useServices();
  const [config, setConfig] = useAtom(baseConfigAtom);
  useEffect(() => {
    if (!config) void baseConfig.load().then(setConfig);
  }, [baseConfig, config, setConfig]);
  return config ?? baseConfig.cached();
}
