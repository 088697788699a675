import { describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import type { GridColumn } from '../../../registry/grid';
import type { TableSync } from '../../../src/runtime/table-sync';
import { columnTexts, dataRows, renderGrid } from './support';

type Listener = Parameters<TableSync['subscribe']>[2];

/** A channel the test pushes rows through. */
function fakeSync() {
  const subscriptions: { pageId: string; socketKey: string | undefined; listener: Listener }[] = [];
  const sync: TableSync = {
    clientId: 'me',
    subscribe(pageId, socketKey, listener) {
      const entry = { pageId, socketKey, listener };
      subscriptions.push(entry);
      return () => subscriptions.splice(subscriptions.indexOf(entry), 1);
    },
  };
  return { sync, subscriptions };
}

const columns: GridColumn[] = [{ key: 'name', title: '名称', type: 'input' }];
const dataSource = [
  { id: '1', name: '甲' },
  { id: '2', name: '乙' },
];

describe('live table sync', () => {
  it('with socketReload, rows saved elsewhere update their row and flash', () => {
    const { sync, subscriptions } = fakeSync();
    renderGrid({
      columns,
      dataSource,
      socketReload: true,
      syncPageId: 'order',
      socketKey: 'lines',
      reloadEffect: true,
      tableSync: sync,
    });
    expect(subscriptions.map((s) => [s.pageId, s.socketKey])).toEqual([['order', 'lines']]);
    act(() => subscriptions[0].listener([{ id: '2', name: '丙', tug_status: { a: 1 } }]));
    expect(columnTexts('名称')).toEqual(['甲', '丙']);
    expect(dataRows()[1].classList.contains('eg-row-flash')).toBe(true);
  });

  it('without socketReload nothing is followed', () => {
    const { sync, subscriptions } = fakeSync();
    renderGrid({ columns, dataSource, syncPageId: 'order', tableSync: sync });
    expect(subscriptions).toHaveLength(0);
  });
});
