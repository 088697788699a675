import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridColumn } from '../../../registry/grid';
import { dataRows, renderGrid } from './support';
import { screenWidth } from '../../setup/screen-width';

/** On a phone-wide screen nothing is frozen: the row tools scroll away with the data. */

const columns: GridColumn[] = [
  { key: 'code', title: '编码', type: 'input', fixed: 'left' },
  { key: 'name', title: '名称', type: 'input' },
];
const dataSource = [{ id: '1', code: 'A1', name: '甲' }];

function frozenCells(): number {
  return dataRows()[0]!.querySelectorAll('.rdg-cell-frozen').length;
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
