import { useMemo } from 'react';
import type { PageDefinition } from '../../src/contracts/page';
import { useEngine } from './context';
import { pageData, type PageData } from './data-provider';

/** The page's data calls over the host's http client (data-provider.ts). */
export function usePageData(page: PageDefinition): PageData {
  const { http } = useEngine();
  return useMemo(() => pageData(http, page), [http, page]);
}
