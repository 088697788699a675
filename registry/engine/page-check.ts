import type { PageDefinition, PageProblem } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';
import type { Catalogue } from '../../src/contracts/catalogue/index';

/** The outcome of loading a definition: a page ready to render, or what is wrong with it. */
export type PageLoad =
  | { readonly ok: true; readonly page: PageDefinition }
  | {
      readonly ok: false;
      readonly code: string | null;
      readonly title: string | null;
      readonly problems: readonly PageProblem[];
    };

function stringAt(input: unknown, key: string): string | null {
  if (!input || typeof input !== 'object') return null;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The page as the engine draws it: `checkPage` against the registry's catalogue (the check the
 * server saves with). Never throws.
 */
export function loadPage(input: unknown, catalogue: Catalogue): PageLoad {
  const checked = checkPage(input, { catalogue });
  if (checked.ok) return { ok: true, page: checked.definition };
  return {
    ok: false,
    code: stringAt(input, 'code'),
    title: stringAt(input, 'title'),
    problems: checked.problems,
  };
}
