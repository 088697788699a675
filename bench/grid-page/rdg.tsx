import 'react-data-grid/lib/styles.css';
import { Fragment, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import {
  DataGrid,
  SelectColumn,
  renderTextEditor,
  type CellMouseArgs,
  type Column,
} from 'react-data-grid';
import { Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  GRID_HEIGHT,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  ROW_NUMBER_WIDTH,
  SELECTION_WIDTH,
  TOOLBAR_ADD,
  columnWidth,
  displayText,
  fails,
  isRequiredColumn,
  plainRules,
  type BenchData,
  type BenchRow,
  type PlainRule,
} from './data';
import type { Contender } from './probe';
import { prepareHost, showInHost } from './react-host';

/**
 * The ceiling of the library, doing what the product's grid shows by default: a bare
 * react-data-grid (rows in React state, cells showing the same texts as the product's: option
 * text, 是/否; the library's plain text editor on every column, a click opens the editor;
 * required columns' headers marked with a red `*`) with a row-number column, the library's `SelectColumn`, and the same
 * antd toolbar (新增, 删除, 清空选择) above it. Validation is a plain loop over every cell with
 * the same rules (`data.ts`), its failing cells kept in state and marked.
 */
const rowKey = (row: BenchRow) => row.id as string;
const editOnClick = (args: CellMouseArgs<BenchRow>) => {
  if (args.column.key.startsWith('c')) args.selectCell(true);
};

const rowNumberColumn: Column<BenchRow> = {
  key: 'row-number',
  name: '',
  width: ROW_NUMBER_WIDTH,
  frozen: true,
  renderCell: ({ rowIdx }) => rowIdx + 1,
};
const selectColumn: Column<BenchRow> = { ...SelectColumn, width: SELECTION_WIDTH };

interface BareHandle {
  validate(): Promise<number>;
}

function BareGrid({ data, ref }: { readonly data: BenchData; readonly ref: Ref<BareHandle> }) {
  const [rows, setRows] = useState(data.rows);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(() => new Set());
  const checks = useMemo(
    () =>
      data.columns.map((column, index): [string, PlainRule[]] => [
        column.key,
        plainRules(column, index),
      ]),
    [data.columns],
  );
  const columns = useMemo(
    (): Column<BenchRow>[] => [
      rowNumberColumn,
      selectColumn,
      ...data.columns.map((column, index): Column<BenchRow> => ({
        key: column.key,
        name: isRequiredColumn(column, index) ? (
          <>
            <span style={{ color: '#ff4d4f' }}>*</span>
            {column.title}
          </>
        ) : (
          column.title
        ),
        width: columnWidth(column.kind),
        renderCell: ({ row }) => displayText(column.kind, row[column.key]),
        renderEditCell: renderTextEditor,
        cellClass: (row) =>
          invalid.has(`${row.id as string}:${column.key}`) ? 'bench-invalid' : undefined,
      })),
    ],
    [data.columns, invalid],
  );

  useImperativeHandle(ref, () => ({
    async validate() {
      const failing = new Set<string>();
      for (const row of rows) {
        for (const [key, rules] of checks) {
          if (rules.some((rule) => fails(rule, row[key])))
            failing.add(`${row.id as string}:${key}`);
        }
      }
      setInvalid(failing);
      return failing.size;
    },
  }));

  const none = selected.size === 0;
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        <Space wrap size="small">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setRows((list) => [...list, { id: `new${list.length}` }])}
          >
            {TOOLBAR_ADD}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={none}
            onClick={() => {
              setRows((list) => list.filter((row) => !selected.has(rowKey(row))));
              setSelected(new Set());
            }}
          >
            删除
          </Button>
          <Button disabled={none} onClick={() => setSelected(new Set())}>
            清空选择
          </Button>
        </Space>
      </div>
      <DataGrid
        columns={columns}
        rows={rows}
        onRowsChange={setRows}
        rowKeyGetter={rowKey}
        selectedRows={selected}
        onSelectedRowsChange={setSelected}
        rowHeight={ROW_HEIGHT}
        headerRowHeight={HEADER_HEIGHT}
        onCellClick={editOnClick}
        style={{ height: GRID_HEIGHT }}
      />
    </>
  );
}

/** A React root with nothing around the grid, mounted before the measured render. */
export function prepare(container: HTMLElement): Promise<void> {
  return prepareHost(container, Fragment);
}

export function mountGrid(container: HTMLElement, data: BenchData): Contender {
  const handle: { current: BareHandle | null } = { current: null };
  showInHost(<BareGrid data={data} ref={handle} />);
  return {
    scroller: () => container.querySelector<HTMLElement>('.rdg'),
    validate: () => {
      if (!handle.current) throw new Error('the grid has no handle');
      return handle.current.validate();
    },
  };
}
