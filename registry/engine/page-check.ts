import type { PageDefinition, PageProblem } from '../../src/contracts/page';
import { checkPageDefinition } from '../../src/contracts/page-validate';
import type { RendererRegistry } from '../registry';

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
 * Upgrade + meta-schema + cross references (`checkPageDefinition`), then what only the registry
 * sees (unknown types, renderer props). Never throws: a checker failure is a problem too.
 */
export function loadPage(input: unknown, registry: RendererRegistry): PageLoad {
  const code = stringAt(input, 'code');
  const title = stringAt(input, 'title');
  try {
    const checked = checkPageDefinition(input);
    if (!checked.ok) return { ok: false, code, title, problems: checked.problems };
    const problems = registry.checkPage(checked.definition);
    if (problems.length > 0) return { ok: false, code, title, problems };
    return { ok: true, page: checked.definition };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      code,
      title,
      problems: [{ path: '/', message: `无法检查页面定义：${message}` }],
    };
  }
}
