import { useEffect, useMemo, useState } from 'react';
import type { Catalogue } from '../../src/contracts/catalogue/index';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../../src/contracts/page';
import type * as PageCheckModule from './page-check';
import type { PageLoad } from './page-check';

/**
 * How `PageView` gets a page ready to draw. A definition the page store served (`trusted`: the
 * server checked it with the same `checkPage` when it was saved) at the current schemaVersion
 * is drawn as it is; any other (the page editor's draft, an older version, a host's own JSON)
 * goes through `checkPage`, whose module (with the compiled validators, about 19 KB gzip) loads
 * the first time one is needed. So a screen of the menu never downloads the checker.
 */

type Checker = typeof PageCheckModule;

let checker: Checker | null = null;
let loading: Promise<Checker> | null = null;

/** Loads the checker once (tests load it up front, so their pages draw at once). */
export function loadChecker(): Promise<Checker> {
  loading ??= import('./page-check').then((module) => (checker = module));
  return loading;
}

function currentStored(definition: unknown): definition is PageDefinition {
  return (
    !!definition &&
    typeof definition === 'object' &&
    (definition as { schemaVersion?: unknown }).schemaVersion === PAGE_SCHEMA_VERSION
  );
}

/** The page load, or null while the checker is still loading. */
export function usePageLoad(
  definition: unknown,
  catalogue: Catalogue,
  trusted: boolean,
): PageLoad | null {
  const skip = trusted && currentStored(definition);
  const [ready, setReady] = useState(checker !== null);
  useEffect(() => {
    if (skip || ready) return;
    let live = true;
    void loadChecker().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [skip, ready]);
  return useMemo(() => {
    if (skip) return { ok: true, page: definition as PageDefinition };
    return ready && checker ? checker.loadPage(definition, catalogue) : null;
  }, [skip, ready, definition, catalogue]);
}
