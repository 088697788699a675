import type { ReportRecord } from '../../src/runtime/report-client';

/** widgets.md §5, §8: a popup without its report code, source or target fields. */
export const MSG_POPUP_MISCONFIGURED = 'popup参数未正确配置!';
/** widgets.md §5, §8: as many source fields as target fields are needed. */
export const MSG_POPUP_FIELD_COUNT = 'popup参数未正确配置,原始值和目标值数量不一致!';

/** `'name, phone'` → `['name', 'phone']`. */
export function fieldList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

interface PopupConfig {
  readonly code?: string;
  readonly orgFields?: string;
  readonly destFields?: string;
}

/** What is wrong with a popup's configuration (the message to show), or null. */
export function popupConfigProblem(config: PopupConfig): string | null {
  const org = fieldList(config.orgFields);
  const dest = fieldList(config.destFields);
  if (!config.code?.trim() || org.length === 0 || dest.length === 0) return MSG_POPUP_MISCONFIGURED;
  if (org.length !== dest.length) return MSG_POPUP_FIELD_COUNT;
  return null;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/**
 * The values the chosen rows give: each target field gets its source column's value, the values
 * of several rows joined by `spliter` (widgets.md §3).
 */
export function mappedValues(
  rows: readonly ReportRecord[],
  config: PopupConfig & { readonly spliter: string },
): Record<string, string> {
  const org = fieldList(config.orgFields);
  const dest = fieldList(config.destFields);
  const values: Record<string, string> = {};
  dest.forEach((target, i) => {
    values[target] = rows.map((row) => textOf(row[org[i]!])).join(config.spliter);
  });
  return values;
}
