import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import { CUSTOMERS, fakeDictHttp } from '../../renderers/dict-search-support';
import { cellAt, columnTexts, renderGrid } from './support';

/** `sel_search` and `sel_search_async` columns of the editable grid (widgets.md §2.5). */

const CITIES = [
  { value: 'bj', text: '北京' },
  { value: 'sh', text: '上海' },
];
const COLUMNS: GridColumn[] = [
  { key: 'city', title: '城市', type: 'sel_search', dictCode: 'city' },
  { key: 'customer', title: '客户', type: 'sel_search_async', dictCode: CUSTOMERS },
];

const option = (text: string) =>
  waitFor(
    () => {
      const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${text}"]`);
      if (!found) throw new Error(`option ${text} not shown`);
      return found;
    },
    // The asynchronous search waits 800 ms after the last keystroke.
    { timeout: 3000 },
  );

describe('dictionary search cells', () => {
  it('read as dictionary texts; the async column names its page of values in one call', async () => {
    const fake = fakeDictHttp();
    const rows = ['c02', 'c17', 'c24', ''].map((customer, i) => ({
      id: String(i),
      city: i % 2 ? 'sh' : 'bj',
      customer,
    }));
    renderGrid({
      columns: COLUMNS,
      dataSource: rows,
      http: fake.http,
      dictionaries: { city: CITIES },
    });
    await waitFor(() => expect(columnTexts('客户')).toEqual(['客户02', '客户17', '客户24', '']));
    expect(columnTexts('城市')).toEqual(['北京', '上海', '北京', '上海']);
    expect(fake.names()).toHaveLength(1);
    // The async dictionary is never loaded whole.
    expect(fake.searches()).toHaveLength(0);
  });

  it('edit: a local choice and a server search write the values into the row', async () => {
    const fake = fakeDictHttp();
    const g = renderGrid({
      columns: COLUMNS,
      dataSource: [{ id: '1', city: 'bj', customer: 'c01' }],
      http: fake.http,
      dictionaries: { city: CITIES },
    });
    await waitFor(() => expect(cellAt(0, '客户').textContent).toBe('客户01'));

    await g.user.click(cellAt(0, '城市'));
    await g.user.click(await within(cellAt(0, '城市')).findByRole('combobox'));
    await g.user.click(await option('上海'));
    await waitFor(() => expect(g.handle().getTableData()[0]).toMatchObject({ city: 'sh' }));

    await g.user.click(cellAt(0, '客户'));
    const box = await within(cellAt(0, '客户')).findByRole('combobox');
    await g.user.type(box, '客户19');
    await g.user.click(await option('客户19'));
    await waitFor(() => expect(g.handle().getTableData()[0]).toMatchObject({ customer: 'c19' }));
    expect(fake.searches().at(-1)!.params).toEqual({ keyword: '客户19', pageSize: 10 });
  });
});
