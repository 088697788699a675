import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { GridColumn, GridRow } from '../../../registry/grid';
import { isTempId } from '../../../registry/grid/model/temp-id';
import { useSubTable } from '../../../registry/grid/use-sub-table';
import { columnTexts, dataRows, renderGrid } from './support';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', defaultValue: '默认' },
  { key: 'qty', title: '数量', type: 'inputNumber' },
];
const dataSource = [
  { id: '1', name: '甲', qty: 1 },
  { id: '2', name: '乙', qty: 2 },
];

describe('the imperative handle', () => {
  it('addRows adds rows with defaults (once per 1500 ms) and hands them out without temp ids', () => {
    const { handle } = renderGrid({ columns, dataSource });
    let added: GridRow[] = [];
    act(() => {
      added = handle().addRows([{ qty: 5 }, { name: '显式' }], { index: 1 });
    });
    expect(added.map((r) => isTempId(r.id))).toEqual([true, true]);
    expect(columnTexts('名称')).toEqual(['甲', '默认', '显式', '乙']);
    act(() => {
      expect(handle().addRows()).toEqual([]);
    });
    expect(dataRows()).toHaveLength(4);
    expect(handle().getNewData()).toEqual([{ name: '默认', qty: 5 }, { name: '显式' }]);
    expect(handle().getTableData()[1]).toEqual({ name: '默认', qty: 5 });
  });

  it('removeRows takes an id or ids and throws naming removeRows otherwise', async () => {
    const { handle } = renderGrid({ columns, dataSource });
    expect(() => handle().removeRows(3 as unknown as string)).toThrow(/removeRows/);
    expect(() => handle().removeRows({} as unknown as string)).toThrow(/removeRows/);
    await act(() => handle().removeRows(['1']));
    expect(columnTexts('名称')).toEqual(['乙']);
    expect(handle().getDeleteData()).toEqual([dataSource[0]]);
  });

  it('asyncRemove waits for onRemove; false keeps the rows', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const onRemove = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { handle } = renderGrid({ columns, dataSource, asyncRemove: true, onRemove });
    let removal: Promise<void> = Promise.resolve();
    act(() => {
      removal = handle().removeRows('2');
    });
    expect(onRemove).toHaveBeenCalledWith([dataSource[1]]);
    expect(columnTexts('名称')).toEqual(['甲', '乙']);
    await act(async () => {
      answer(true);
      await removal;
    });
    expect(columnTexts('名称')).toEqual(['甲']);

    act(() => {
      removal = handle().removeRows('1');
    });
    await act(async () => {
      answer(false);
      await removal;
    });
    expect(columnTexts('名称')).toEqual(['甲']);
  });

  it('removeSelectedRows removes the selection', async () => {
    const { handle, user } = renderGrid({ columns, dataSource, rowSelection: true });
    await user.click(dataRows()[1].querySelector('input') as HTMLInputElement);
    expect(handle().getSelection().ids).toEqual(['2']);
    await act(() => handle().removeSelectedRows());
    expect(columnTexts('名称')).toEqual(['甲']);
    expect(handle().getSelection().ids).toEqual([]);
  });

  it('setValues patches rows by id; with reloadEffect they flash for 1400 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { handle } = renderGrid({ columns, dataSource, reloadEffect: true });
      act(() => handle().setValues([{ rowKey: '2', values: { name: '丙' } }]));
      expect(columnTexts('名称')).toEqual(['甲', '丙']);
      const flashing = () => dataRows().map((r) => r.classList.contains('eg-row-flash'));
      expect(flashing()).toEqual([false, true]);
      act(() => vi.advanceTimersByTime(1399));
      expect(flashing()).toEqual([false, true]);
      act(() => vi.advanceTimersByTime(1));
      expect(flashing()).toEqual([false, false]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loadData and a new dataSource start over', async () => {
    const view = renderGrid({ columns, dataSource });
    await act(() => view.handle().removeRows('1'));
    act(() => view.handle().loadData([{ id: '9', name: '新' }]));
    expect(columnTexts('名称')).toEqual(['新']);
    expect((await act(() => view.handle().getValues())).deleteIds).toEqual([]);
    await act(() => view.handle().removeRows('9'));
    view.update({ dataSource: [{ id: '5', name: '五' }] });
    expect(columnTexts('名称')).toEqual(['五']);
    expect(view.handle().getDeleteData()).toEqual([]);
    // Re-rendering with the same data changes nothing.
    view.update({ maxHeight: 300 });
    expect(columnTexts('名称')).toEqual(['五']);
  });
});

describe('the 子表 popover anchor', () => {
  it('retries 3 times when its row is not drawn, then fails', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onFail = vi.fn();
      const scrollTo = vi.fn();
      const empty = document.createElement('div');
      const { result } = renderHook(() =>
        useSubTable({ grid: () => empty, body: () => empty, scrollTo, onFail }),
      );
      act(() => result.current.toggle('r1'));
      expect(onFail).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(100));
      act(() => vi.advanceTimersByTime(100));
      expect(onFail).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(100));
      expect(scrollTo).toHaveBeenCalledTimes(3);
      expect(onFail).toHaveBeenCalledTimes(1);
      expect(result.current.anchor).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
