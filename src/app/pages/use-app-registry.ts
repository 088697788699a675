import { useEffect, useState } from 'react';
import type { RendererRegistry } from '../../../registry/registry';
import { useServices } from '../services';

/**
 * The app's renderer registry for a page-engine screen: null while its chunk loads the first
 * time. State and an effect rather than `use()` on the load promise: a screen suspended on
 * that promise was seen (in tests) to stay on its fallback after the promise had settled. A
 * failed load is thrown to the nearest error boundary, as a failed screen chunk is.
 */
export function useAppRegistry(): RendererRegistry | null {
  const { loadRegistry } = useServices();
  const [state, setState] = useState<
    { readonly registry: RendererRegistry } | { readonly error: unknown } | null
  >(null);
  useEffect(() => {
    let live = true;
    loadRegistry().then(
      (registry) => live && setState({ registry }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [loadRegistry]);
  if (state && 'error' in state) throw state.error;
  return state?.registry ?? null;
}
