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

/**
 * The text-filter wrapping of widgets.md §5 (and the translator's other forms): like → `*v*`,
 * right_like → `v*`, left_like → `*v`, ne → `!v`, ge → `>=v`, le → `<=v`, gt → `>v`, lt → `<v`;
 * eq and in send the value as it is (a list comma-joined).
 */
export function wrapQueryValue(text: string, rule: QueryRule): string {
  switch (rule) {
    case 'like':
      return `*${text}*`;
    case 'right_like':
      return `${text}*`;
    case 'left_like':
      return `*${text}`;
    case 'ne':
      return `!${text}`;
    case 'ge':
      return `>=${text}`;
    case 'le':
      return `<=${text}`;
    case 'gt':
      return `>${text}`;
    case 'lt':
      return `<${text}`;
    default:
      return text;
  }
}

/** The rule a query field filters by: its own, else its renderer's default (text: like). */
export function queryRuleOf(field: FieldDefinition, registry: RendererRegistry): QueryRule {
  return queryView(field)?.rule ?? registry.catalogue.get(field.type)?.queryRule ?? 'eq';
}

export function isRange(field: FieldDefinition): boolean {
  return queryView(field)?.mode === 'range';
}

/** List parameters from the query form: wrapped single values, `_begin` / `_end` ranges. */
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
    const text = queryText(value);
    if (text === undefined) continue;
    // Lists (multi-selects) already mean "any of"; only single text values get wrapped.
    params[field.name] = Array.isArray(value)
      ? text
      : wrapQueryValue(text, queryRuleOf(field, registry));
  }
  return params;
}

export interface SortState {
  readonly column: string;
  readonly order: 'asc' | 'desc';
}

/** The whole list request: filters, sort, paging (jeecg-api.md §1.4–1.5). */
export function listParams(
  filters: Readonly<Record<string, string>>,
  sort: SortState,
  pageNo: number,
  pageSize: number,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string | number> {
  return { ...extra, ...filters, column: sort.column, order: sort.order, pageNo, pageSize };
}
