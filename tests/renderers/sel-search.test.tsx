/**
 * The searchable dictionaries (widgets.md §2.3, §5, §7, §9): `sel_search` narrows its loaded
 * dictionary 300 ms after the last keystroke; `sel_search_async` asks `loadDict` with the
 * keyword and page size 800 ms after it (a blank keyword asks nothing), warns with the server's
 * message on failure and names a held value outside the first page through `loadDictItem`.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { CUSTOMERS, fakeDictHttp } from './dict-search-support';
import { TITLE, renderCell } from './cell-support';
import { WithServices } from './sel-user-support';
import { builtinRegistry, fieldOf, renderDisplay } from './support';

const CITIES = [
  { value: 'bj', text: '北京' },
  { value: 'sh', text: '上海' },
  { value: 'nj', text: '南京' },
];
/**
 * The debounce tests run on a fake clock (`tick(ms)` moves it and lets React settle) and drive
 * the select with plain events (user-event waits on timers of its own).
 */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const box = () => screen.getByRole('combobox', { name: TITLE });
  return {
    open: () => act(() => void fireEvent.mouseDown(box())),
    type: (text: string) => act(() => void fireEvent.change(box(), { target: { value: text } })),
    choose: (text: string) =>
      act(() => {
        fireEvent.click(document.querySelector(`.ant-select-item-option[title="${text}"]`)!);
      }),
  };
}
const tick = async (ms: number) => {
  act(() => vi.advanceTimersByTime(ms));
  // The answers of the calls the timers made.
  await act(async () => {});
};
afterEach(() => vi.useRealTimers());

const offered = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
const shownText = (container: HTMLElement) =>
  container.querySelector('.ant-select-selection-item')?.textContent ?? null;

/** The async widget (a form field with its dictCode, or a grid cell given the column's). */
function renderAsync(c: { value?: string; refuse?: string; cell?: boolean }) {
  const fake = fakeDictHttp(c.refuse);
  const Widget = builtinRegistry().get('sel_search_async')!.field;
  const onChange = vi.fn<(value: unknown) => void>();
  const host = c.cell
    ? { 'aria-label': TITLE, size: 'small', autoFocus: true, dictCode: CUSTOMERS }
    : { field: { ...fieldOf({ type: 'sel_search_async', label: TITLE }), dictCode: CUSTOMERS } };
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    return (
      <Widget
        {...host}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  const view = render(
    <WithServices http={fake.http}>
      <App>
        <Host />
      </App>
    </WithServices>,
  );
  return { ...view, ...fake, onChange };
}

describe('sel_search (dictionary searched in the browser)', () => {
  it('narrows the options 300 ms after the last keystroke and holds the chosen value', async () => {
    const ui = fakeClock();
    const { value, container } = renderCell({ type: 'sel_search', options: CITIES });
    ui.open();
    ui.type('京');
    await tick(299);
    expect(offered()).toEqual(['北京', '上海', '南京']);
    await tick(1);
    expect(offered()).toEqual(['北京', '南京']);
    ui.choose('南京');
    expect(value()).toBe('nj');
    expect(shownText(container)).toBe('南京');
  });

  it('a blank keyword narrows nothing', async () => {
    const ui = fakeClock();
    renderCell({ type: 'sel_search', options: CITIES });
    ui.open();
    ui.type('   ');
    await tick(300);
    expect(offered()).toEqual(['北京', '上海', '南京']);
  });

  it('reads as the dictionary text in lists and grid cells', () => {
    expect(renderDisplay({ type: 'sel_search', value: 'sh', options: CITIES }).text()).toBe('上海');
    const listed = renderDisplay({
      type: 'sel_search',
      value: 'sh',
      record: { f_dictText: '上海市' },
    });
    expect(listed.text()).toBe('上海市');
  });
});

describe('sel_search_async (dictionary searched on the server)', () => {
  it('loads the first page on opening, then searches 800 ms after the last keystroke', async () => {
    const ui = fakeClock();
    const { searches, onChange, container } = renderAsync({});
    ui.open();
    await tick(0);
    expect(offered()).toHaveLength(10);
    expect(searches()[0]!.params).toEqual({ keyword: '', pageSize: 10 });
    ui.type('2');
    await tick(500);
    ui.type('23');
    await tick(799);
    expect(searches()).toHaveLength(1);
    await tick(1);
    expect(offered()).toEqual(['客户23']);
    expect(searches().map((c) => c.params)).toEqual([
      { keyword: '', pageSize: 10 },
      { keyword: '23', pageSize: 10 },
    ]);
    ui.choose('客户23');
    expect(onChange).toHaveBeenLastCalledWith('c23');
    expect(shownText(container)).toBe('客户23');
  });

  it('a blank keyword asks nothing', async () => {
    const ui = fakeClock();
    const { searches } = renderAsync({});
    ui.open();
    await tick(0);
    expect(searches()).toHaveLength(1);
    ui.type('  ');
    await tick(2000);
    expect(searches()).toHaveLength(1);
  });

  it('warns with the server message when the search fails', async () => {
    const user = userEvent.setup({ delay: null });
    renderAsync({ refuse: '没有权限，请联系管理员授权' });
    await user.click(screen.getByRole('combobox', { name: TITLE }));
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
  });

  it('names a held value outside the first page through loadDictItem', async () => {
    const { names, searches, container } = renderAsync({ value: 'c25' });
    await waitFor(() => expect(shownText(container)).toBe('客户25'));
    expect(names().map((c) => c.params)).toEqual([{ key: 'c25', delNotExist: 'false' }]);
    expect(searches()).toHaveLength(0);
  });

  it('as a grid cell, searches the column dictionary and edits the value', async () => {
    const ui = fakeClock();
    const { onChange, searches } = renderAsync({ cell: true, value: 'c01' });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: TITLE }));
    ui.open();
    ui.type('客户07');
    await tick(800);
    expect(offered()).toEqual(['客户07']);
    expect(searches().at(-1)!.params).toEqual({ keyword: '客户07', pageSize: 10 });
    ui.choose('客户07');
    expect(onChange).toHaveBeenLastCalledWith('c07');
  });
});

describe('sel_search_async read-only views', () => {
  function renderView(values: string[], record?: Record<string, unknown>) {
    const fake = fakeDictHttp();
    const View = builtinRegistry().get('sel_search_async')!.display!;
    const field = { ...fieldOf({ type: 'sel_search_async' }), dictCode: CUSTOMERS };
    const view = render(
      <WithServices http={fake.http}>
        {values.map((v) => (
          <div key={v} data-testid="cell">
            <View value={v} field={field} record={record} />
          </div>
        ))}
      </WithServices>,
    );
    const texts = () => screen.getAllByTestId('cell').map((c) => c.textContent);
    return { ...view, ...fake, texts };
  }

  it('names every cell of a screen in one loadDictItem request', async () => {
    const { texts, names } = renderView(['c03', 'c19', 'c24', 'zz']);
    await waitFor(() => expect(texts()).toEqual(['客户03', '客户19', '客户24', 'zz']));
    expect(names()).toHaveLength(1);
    expect(String(names()[0]!.params.key).split(',').sort()).toEqual(['c03', 'c19', 'c24', 'zz']);
  });

  it("uses the record's _dictText without asking", () => {
    const { texts, names } = renderView(['c03'], { f_dictText: '客户三' });
    expect(texts()).toEqual(['客户三']);
    expect(names()).toHaveLength(0);
  });
});
