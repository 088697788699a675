import type { ApiEnvelope } from '../../../src/contracts/envelope';
import type { ActionDefinition } from '../../../src/contracts/page';
import type { Http } from '../../../src/runtime/http';
import type { Row } from '../list/row';

/** What a custom action acts on: the selected ids (toolbar) or one row and its id. */
export interface ActionTarget {
  readonly ids: readonly string[];
  /** The row of a row action; null on the toolbar. */
  readonly row: Row | null;
}

/** A row value as a parameter text: scalars as text, anything else (and nothing) as ''. */
function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * What a `url` action sends, later sources winning: the values the page is bound to (a page
 * opened by `open.bind`: the role-users page sends its `roleId`), `{id, ids}` (one id) or
 * `{ids: 'a,b'}`, then `rowParams` (row values; absent ones left out), the values of its
 * `form`, then `params`.
 */
export function actionPayload(
  action: ActionDefinition,
  target: ActionTarget,
  formValues: Readonly<Record<string, unknown>> = {},
  bound: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const { ids, row } = target;
  const idData: Record<string, unknown> =
    ids.length === 1 ? { id: ids[0], ids: ids[0] } : { ids: ids.join(',') };
  const fromRow: Record<string, unknown> = {};
  for (const [param, field] of Object.entries(action.rowParams ?? {})) {
    const value = row?.[field];
    if (value !== undefined && value !== null) fromRow[param] = value;
  }
  return { ...bound, ...idData, ...fromRow, ...formValues, ...action.params };
}

/** `open.bind` applied to a row: `{ param: row[field] }` as text (`{}` without a bind or row). */
export function boundValues(
  bind: Readonly<Record<string, string>> | undefined,
  row: Row | null,
): Record<string, string> {
  const bound: Record<string, string> = {};
  if (!row) return bound;
  for (const [param, field] of Object.entries(bind ?? {})) bound[param] = paramText(row[field]);
  return bound;
}

/** Calls an action's url: GET / DELETE with the data as query, POST / PUT as the JSON body. */
export function callActionUrl(
  http: Http,
  url: string,
  method: NonNullable<ActionDefinition['method']>,
  data: Readonly<Record<string, unknown>>,
): Promise<ApiEnvelope<unknown>> {
  switch (method) {
    case 'get':
      return http.get<unknown>(url, data);
    case 'delete':
      return http.delete<unknown>(url, data);
    default:
      return http[method]<unknown>(url, data);
  }
}
