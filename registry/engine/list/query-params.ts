import { encodeFilter } from '../../../src/contracts/list-filter';
import type { FieldDefinition, QueryRule } from '../../../src/contracts/page';
import type { RendererRegistry } from '../../registry';
import { queryView } from '../page-model';

/** Query-form values by form name (`name`, or `name_begin` / `name_end` for ranges). */
export type QueryValues = Readonly<Record<string, unknown>>;

/** A query value as text: arrays comma-joined, dates as their own text; empty → undefined. */
export function queryText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const parts = value.map(queryText).filter((v): v is string => v !== undefined);
    return parts.length > 0 ? parts.join(',') : undefined;
  }
  if (typeof value === 'object') {
    // dayjs and Date both print their value with toJSON; a widget should hand over text anyway.
    const json = (value as { toJSON?: () => unknown }).toJSON?.();
    return typeof json === 'string' && json !== '' ? json : undefined;
  }
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** The rule a query field filters by: its own, else its renderer's default (text: like). */
export function queryRuleOf(field: FieldDefinition, registry: RendererRegistry): QueryRule {
  return queryView(field)?.rule ?? registry.catalogue.get(field.type)?.queryRule ?? 'eq';
}

export function isRange(field: FieldDefinition): boolean {
  return queryView(field)?.mode === 'range';
}

/**
 * List parameters from the query form in the filter grammar (src/contracts/list-filter.ts):
 * each value under its field's rule (widgets.md §5: text `*v*` …), `_begin` / `_end` ranges.
 */
export function queryParams(
  fields: readonly FieldDefinition[],
  values: QueryValues,
  registry: RendererRegistry,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const field of fields) {
    if (!queryView(field)) continue;
    if (isRange(field)) {
      for (const end of ['_begin', '_end']) {
        const text = queryText(values[field.name + end]);
        if (text !== undefined) params[field.name + end] = text;
      }
      continue;
    }
    const value = values[field.name];
    // Lists (multi-selects) mean "any of"; a single text gets the field's rule. Either way the
    // user's text is escaped: a comma or an asterisk typed is text, never an operator.
    const items = Array.isArray(value) ? value.map(queryText) : [queryText(value)];
    const texts = items.filter((item): item is string => item !== undefined);
    if (texts.length === 0) continue;
    const ownFilter = queryView(field)?.rule
      ? undefined
      : registry.catalogue.get(field.type)?.queryFilter;
    params[field.name] = Array.isArray(value)
      ? encodeFilter('in', texts)
      : (ownFilter?.(texts[0]!) ?? encodeFilter(queryRuleOf(field, registry), texts[0]!));
  }
  return params;
}

export interface SortState {
  readonly column: string;
  readonly order: 'asc' | 'desc';
}
