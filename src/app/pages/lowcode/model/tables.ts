import type { PageDefinition } from '../../../../contracts/page';
import { stableJson } from './draft-check';

/**
 * The tables a definition owns (its own and its details'), as one comparable string: equal
 * signatures mean a save runs no DDL, and the preview may read the stored rows.
 */
export function tableSignature(definition: PageDefinition | null): string {
  if (!definition) return '';
  return stableJson({
    code: definition.code,
    table: definition.table ?? null,
    details: (definition.details ?? []).map((d) => ({ code: d.code, table: d.table ?? null })),
  });
}

/** Whether a definition owns any table (its own or a detail's). */
export function ownsTables(definition: PageDefinition): boolean {
  return Boolean(definition.table) || (definition.details ?? []).some((d) => Boolean(d.table));
}
