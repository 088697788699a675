import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../../registry/grid';
import {
  layoutColumns,
  minWidthOf,
  reservedWidth,
  sharedWidth,
  widthOf,
} from '../../../registry/grid/model/column-layout';
import { CATALOGUE } from '../../../src/contracts/catalogue/index';
import { grid, renderGrid } from './support';

const col = (type: string, extra: Partial<GridColumn> = {}): GridColumn => ({
  key: type,
  title: type,
  type,
  ...extra,
});

describe('column widths (§9, §5)', () => {
  it.each(CATALOGUE.entries().map((e) => [e.type, e.grid] as const))(
    '%s: its catalogue entry gives its default and minimum width',
    (type, grid) => {
      expect(minWidthOf(col(type))).toBe(grid.minWidth);
      expect(widthOf(col(type))).toBe(Math.max(grid.width ?? 120, grid.minWidth ?? 0));
    },
  );

  it('default to 120; date at least 135; datetime 200, at least 190', () => {
    expect(widthOf(col('input'))).toBe(120);
    expect(widthOf(col('date'))).toBe(135);
    expect(widthOf(col('date', { width: 100 }))).toBe(135);
    expect(widthOf(col('date', { width: 150 }))).toBe(150);
    expect(widthOf(col('datetime'))).toBe(200);
    expect(minWidthOf(col('datetime'))).toBe(190);
    expect(minWidthOf(col('input'))).toBeUndefined();
    expect(widthOf(col('input', { width: '10%' }))).toBe('10%');
  });

  it('the grid’s own columns: 60 for the row number, 40 for the others, 60 with a footer', () => {
    expect(reservedWidth('row-number', false)).toBe(60);
    expect(reservedWidth('row-checkbox', false)).toBe(40);
    expect(reservedWidth('row-drag-sort', false)).toBe(40);
    expect(reservedWidth('row-expand', true)).toBe(60);
    expect(reservedWidth('row-radio', true)).toBe(60);
  });

  it('lays out own columns first, leaves collapsed columns out', () => {
    const laid = layoutColumns(
      [col('input'), col('hidden'), col('select', { visible: false }), col('x', { width: 0 })],
      { rowNumber: true, rowSelection: true, rowSelectionType: 'radio', dragSort: true },
    );
    expect(laid.map((c) => c.type)).toEqual(['row-number', 'row-radio', 'row-drag-sort', 'input']);
  });

  it('a definition may place an own column itself', () => {
    const laid = layoutColumns([col('input'), col('row-drag-sort')], { dragSort: true });
    expect(laid.map((c) => c.type)).toEqual(['input', 'row-drag-sort']);
  });

  it('columns without a width share 92% of what the fixed-width columns leave, at least 120', () => {
    const laid = layoutColumns(
      [col('input'), col('select'), col('datetime'), col('date', { width: 150 }), col('hidden')],
      { rowNumber: true, rowSelection: true },
    );
    // 60 + 40 (own columns) + 200 (datetime) + 150 = 450 px fixed; two columns share.
    const share = sharedWidth(laid, false);
    expect(share).toBe('calc((100% - 450px) * 0.92 / 2)');
    expect(widthOf(col('input'), share)).toBe(`max(120px, ${share})`);
    expect(widthOf(col('date'), share)).toBe(`max(135px, ${share})`);
    // Columns with their own or their type's width keep it.
    expect(widthOf(col('datetime'), share)).toBe(200);
    expect(widthOf(col('input', { width: 90 }), share)).toBe(90);
    // With a footer the own columns are wider; a string width is not counted as fixed.
    expect(sharedWidth([col('row-checkbox'), col('input'), col('x', { width: '10%' })], true)).toBe(
      'calc((100% - 60px) * 0.92 / 1)',
    );
    expect(sharedWidth([col('input', { width: 80 })], false)).toBeUndefined();
  });

  it('the grid draws them with these widths', () => {
    renderGrid({
      columns: [col('input', { title: '名称' }), col('date', { title: '日期' })],
      dataSource: [],
      rowNumber: true,
      rowSelection: true,
    });
    expect(grid().style.gridTemplateColumns).toBe('60px 40px 120px 135px');
  });
});
