import 'react-data-grid/lib/styles.css';
import { Fragment, useMemo, useState } from 'react';
import { DataGrid, renderTextEditor, type CellMouseArgs, type Column } from 'react-data-grid';
import {
  COLUMN_WIDTH,
  GRID_HEIGHT,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  type BenchData,
  type BenchRow,
} from './data';
import type { Contender } from './probe';
import { prepareHost, showInHost } from './react-host';

/**
 * The ceiling of the library: a bare react-data-grid, rows in React state, the library's own
 * plain text editor on every column, a click opens the editor.
 */
const rowKey = (row: BenchRow) => row.id as string;
const editOnClick = (args: CellMouseArgs<BenchRow>) => args.selectCell(true);

function BareGrid({ data }: { readonly data: BenchData }) {
  const [rows, setRows] = useState(data.rows);
  const columns = useMemo(
    (): Column<BenchRow>[] =>
      data.columns.map((column) => ({
        key: column.key,
        name: column.title,
        width: COLUMN_WIDTH,
        renderEditCell: renderTextEditor,
      })),
    [data.columns],
  );
  return (
    <DataGrid
      columns={columns}
      rows={rows}
      onRowsChange={setRows}
      rowKeyGetter={rowKey}
      rowHeight={ROW_HEIGHT}
      headerRowHeight={HEADER_HEIGHT}
      onCellClick={editOnClick}
      style={{ height: GRID_HEIGHT }}
    />
  );
}

/** A React root with nothing around the grid, mounted before the measured render. */
export function prepare(container: HTMLElement): Promise<void> {
  return prepareHost(container, Fragment);
}

export function mountGrid(container: HTMLElement, data: BenchData): Contender {
  showInHost(<BareGrid data={data} />);
  return { scroller: () => container.querySelector<HTMLElement>('.rdg') };
}
