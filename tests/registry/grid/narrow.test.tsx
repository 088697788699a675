import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridColumn } from '../../../registry/grid';
import { dataRows, renderGrid } from './support';

/** On a phone-wide screen nothing is frozen: the row tools scroll away with the data. */

const columns: GridColumn[] = [
  { key: 'code', title: '编码', type: 'input', fixed: 'left' },
  { key: 'name', title: '名称', type: 'input' },
];
const dataSource = [{ id: '1', code: 'A1', name: '甲' }];

function frozenCells(): number {
  return dataRows()[0]!.querySelectorAll('.rdg-cell-frozen').length;
}

function screenWidth(px: number) {
  const fits = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return max !== null && px <= Number(max[1]);
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: fits(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('frozen columns by screen width', () => {
  it('freezes the row number, the tick box, the drag handle and fixed columns on a wide screen', () => {
    screenWidth(1366);
    renderGrid({ columns, dataSource, rowNumber: true, rowSelection: true, dragSort: true });
    expect(frozenCells()).toBe(4);
  });

  it('freezes nothing at 375 px', () => {
    screenWidth(375);
    renderGrid({ columns, dataSource, rowNumber: true, rowSelection: true, dragSort: true });
    expect(frozenCells()).toBe(0);
  });
});
