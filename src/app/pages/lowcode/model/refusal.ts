import type { PageProblem } from '../../../../contracts/page';
import type { Failure } from './page-store';

/**
 * Why the page store refused a save or rollback, read from the envelope's `result`:
 * the definition's problems, columns that would be dropped without confirmation, a version
 * someone saved since the author started, or anything else (the message says it).
 */
export type Refusal =
  | { readonly kind: 'problems'; readonly message: string; readonly problems: PageProblem[] }
  | { readonly kind: 'drops'; readonly message: string; readonly dropColumns: string[] }
  | { readonly kind: 'stale'; readonly message: string; readonly currentVersion: number }
  | { readonly kind: 'other'; readonly message: string; readonly presented: boolean };

function isProblem(value: unknown): value is PageProblem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PageProblem).path === 'string' &&
    typeof (value as PageProblem).message === 'string'
  );
}

export function classifyRefusal(failure: Failure): Refusal {
  const { message, result } = failure;
  if (result && typeof result === 'object') {
    const details = result as Record<string, unknown>;
    const problems = details.problems;
    if (Array.isArray(problems) && problems.length > 0 && problems.every(isProblem)) {
      return { kind: 'problems', message, problems };
    }
    const drops = details.dropColumns;
    if (Array.isArray(drops) && drops.length > 0 && drops.every((d) => typeof d === 'string')) {
      return { kind: 'drops', message, dropColumns: drops as string[] };
    }
    if (typeof details.version === 'number' && !('definition' in details)) {
      return { kind: 'stale', message, currentVersion: details.version };
    }
  }
  return { kind: 'other', message, presented: failure.presented };
}
