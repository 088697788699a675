import type { StoredPageResult } from '../../../../contracts/page-api';
import type { PageStore } from '../model/page-store';
import { classifyRefusal, type Refusal } from '../model/refusal';

export type RollbackResult =
  | { readonly ok: true; readonly result: StoredPageResult }
  | { readonly ok: false; readonly refusal: Refusal };

/**
 * A rollback: the old version's definition saved as a new version. Columns it would drop
 * need the author's confirmation, like a save (`confirmDropColumns`).
 */
export async function rollbackTo(
  store: PageStore,
  request: {
    readonly code: string;
    readonly version: number;
    readonly baseVersion: number;
    readonly confirmDropColumns?: readonly string[];
  },
): Promise<RollbackResult> {
  const outcome = await store.rollback(request);
  if (outcome.ok) return { ok: true, result: outcome.result };
  return { ok: false, refusal: classifyRefusal(outcome) };
}
