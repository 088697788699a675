import { use } from 'react';
import type { RendererRegistry } from '../../../../../registry/registry';
import { useServices } from '../../../services';

/**
 * The app's renderer registry, which pages are checked and rendered with (suspends while its
 * chunk loads the first time).
 */
export function useEngineRegistry(): RendererRegistry {
  return use(useServices().loadRegistry());
}
