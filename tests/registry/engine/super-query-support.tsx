/**
 * The advanced query builder's tests: a page with one field of each value kind, opening the
 * builder from the list, and picking from antd selects the way a user does.
 */
import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, renderPage, testRegistry, type Harness } from './harness';

export const SQ_LIST = '/online/cgform/api/sq_customer/list';
export const SQ_STORAGE_KEY = 'sa-super-query:sq_customer';

export const superQueryPage = {
  schemaVersion: 2,
  code: 'sq_customer',
  title: '客户管理',
  kind: 'list',
  table: {
    name: 'sq_customer',
    columns: [
      { name: 'name', type: 'string', length: 100 },
      { name: 'level', type: 'string', length: 10 },
      { name: 'signed_on', type: 'date' },
      { name: 'visit_time', type: 'datetime' },
      { name: 'amount', type: 'decimal', precision: 10, scale: 2 },
      { name: 'remark', type: 'text' },
      { name: 'secret', type: 'string', length: 10 },
    ],
  },
  fields: [
    { name: 'name', label: '客户名称', type: 'input', query: true },
    { name: 'level', label: '客户等级', type: 'dict-select', dictCode: 'customer_level' },
    { name: 'signedOn', label: '签约日期', type: 'date' },
    { name: 'visitTime', label: '拜访时间', type: 'datetime' },
    { name: 'amount', label: '金额', type: 'inputNumber' },
    { name: 'remark', label: '备注', type: 'textarea', list: false },
    { name: 'secret', label: '隐藏值', type: 'hidden' },
  ],
} as const;

export const LEVELS = [
  { value: '1', text: '普通客户', title: '普通客户' },
  { value: '2', text: '重要客户', title: '重要客户' },
  { value: '3', text: 'VIP客户', title: 'VIP客户' },
];

export function renderSuperQueryPage(definition: unknown = superQueryPage): Harness {
  const registry = testRegistry();
  const field = registry.get('date')!.field;
  registry.register('datetime', { field });
  registry.register('textarea', { field });
  // 25 customers: three pages of ten.
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, name: `客户${i}` }));
  return renderPage(definition, {
    registry,
    route: (config) => {
      if (config.url === '/sys/dict/getDictItems/customer_level') return ok(LEVELS);
      if (config.url === SQ_LIST) return ok(page(rows, 25));
      return undefined;
    },
  });
}

export type Scope = ReturnType<typeof within>;

/**
 * Renders the page, waits for its first list call, runs `before` (the list's own query form,
 * say) and opens 高级查询构造器.
 */
export async function openBuilder(
  definition?: unknown,
  before?: (user: ReturnType<typeof userEvent.setup>, h: Harness) => Promise<void>,
) {
  const user = userEvent.setup();
  const h = renderSuperQueryPage(definition);
  await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(1));
  await before?.(user, h);
  await user.click(await screen.findByRole('button', { name: /高级查询/ }));
  const dialog = await screen.findByRole('dialog', { name: '高级查询构造器' });
  return { h, user, dialog: within(dialog), dialogElement: dialog };
}

/**
 * The options of the open dropdown: not hidden and not leaving (jsdom never ends antd's leave
 * animation; and the test environment gives every select the same id, so aria-controls
 * cannot tell them apart).
 */
export function openOptions(): HTMLElement[] {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
    (d) => !/-hidden|-leave/.test(d.className),
  );
  return open.flatMap((d) => [...d.querySelectorAll<HTMLElement>('.ant-select-item-option')]);
}

/** Opens the select named `name` and clicks the option `text`. */
export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  scope: Scope,
  name: string,
  text: string,
): Promise<void> {
  const combobox = scope.getByRole('combobox', { name });
  await user.click(combobox);
  const option = await waitFor(() => {
    const found = openOptions().find((o) => o.getAttribute('title') === text);
    if (!found) throw new Error(`option ${text} not shown`);
    return found;
  });
  await user.click(option);
}

/** The texts of the open select's options. */
export async function optionTexts(
  user: ReturnType<typeof userEvent.setup>,
  scope: Scope,
  name: string,
): Promise<string[]> {
  const combobox = scope.getByRole('combobox', { name });
  await user.click(combobox);
  return waitFor(() => {
    const texts = openOptions().map((o) => o.getAttribute('title') ?? '');
    if (texts.length === 0) throw new Error('no options shown');
    return texts;
  });
}

/** The advanced-query parameters of a list request, decoded. */
export function superQueryOf(params: Record<string, string>) {
  const raw = params.superQueryParams;
  return {
    matchType: params.superQueryMatchType,
    conditions: raw === undefined ? undefined : (JSON.parse(decodeURI(raw)) as unknown[]),
  };
}
