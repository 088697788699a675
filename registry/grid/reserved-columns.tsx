import type { ReactNode } from 'react';
import type { RenderCellProps } from 'react-data-grid';
import { RowNumberCell } from './cells/RowNumberCell';
import { DragHandleCell, ExpandCell } from './cells/RowToolCells';
import { SelectAllHeader, SelectRowCell } from './cells/SelectionCells';
import { isExpandRow } from './expand-rows';
import { reservedWidth, type ReservedType } from './model/column-layout';
import { LABEL_STATISTICS } from './model/constants';
import { keyOf } from './model/row-key';
import type { GridRow } from './types';
import type { GridColumnsInput, GridDataColumn, SummaryRow } from './grid-columns-types';

/**
 * The grid's own columns (§9 widths: 60 row number, 40 the others, 60 with the 统计 footer),
 * frozen at the left (but on phone-wide screens): row number with the row menu, tick box or radio, expand toggle, drag
 * handle. `label`: this column carries the 统计 label of the footer.
 */
export function reservedColumn(
  type: ReservedType,
  input: GridColumnsInput,
  label: boolean,
): GridDataColumn {
  const width = reservedWidth(type, input.footer);
  const { rowKey } = input;
  const base = {
    key: type,
    name: '',
    width,
    minWidth: width,
    maxWidth: width,
    frozen: !input.narrow,
    resizable: false,
    cellClass: 'eg-reserved-cell',
    headerCellClass: 'eg-reserved-cell',
    summaryCellClass: 'eg-reserved-cell',
    renderSummaryCell: label ? () => LABEL_STATISTICS : undefined,
  } satisfies GridDataColumn;
  const skipExpand =
    (render: (p: RenderCellProps<GridRow, SummaryRow>) => ReactNode) =>
    (p: RenderCellProps<GridRow, SummaryRow>) => (isExpandRow(p.row) ? null : render(p));
  switch (type) {
    case 'row-number':
      return {
        ...base,
        renderCell: skipExpand(({ row, rowIdx }) => (
          <RowNumberCell
            row={row}
            rowId={keyOf(row, rowKey)}
            rowIdx={rowIdx}
            menu={input.rowMenu}
          />
        )),
      };
    case 'row-checkbox':
    case 'row-radio': {
      const radio = type === 'row-radio';
      return {
        ...base,
        renderHeaderCell: radio ? undefined : () => <SelectAllHeader />,
        renderCell: skipExpand(({ row }) => <SelectRowCell row={row} radio={radio} />),
      };
    }
    case 'row-expand':
      return {
        ...base,
        renderCell: skipExpand(({ row }) => <ExpandCell row={row} rowId={keyOf(row, rowKey)} />),
      };
    case 'row-drag-sort':
      // A disabled grid keeps its order.
      return {
        ...base,
        renderCell: skipExpand(({ row }) => (input.disabled ? null : <DragHandleCell row={row} />)),
      };
  }
}
