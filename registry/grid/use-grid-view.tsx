import { useCallback, useMemo } from 'react';
import type { RowsChangeData } from 'react-data-grid';
import { isExpandRow, parentOf, withExpandRows } from './expand-rows';
import type { GridActions, GridUiState } from './grid-context';
import { gridHeight } from './grid-layout';
import { EXPAND_ROW_HEIGHT, HEADER_HEIGHT, MSG_EMPTY, ROW_HEIGHT } from './model/constants';
import { keyOf } from './model/row-key';
import { headerState } from './model/selection';
import { columnStatistics } from './model/statistics';
import { createRowRenderer } from './render-row';
import type { GridStore } from './store/grid-store';
import type { GridSnapshot } from './store/types';
import type { GridColumn, GridProps, GridRow } from './types';
import type { SummaryRow } from './grid-columns-types';

export interface GridViewInput {
  readonly store: GridStore;
  readonly snapshot: GridSnapshot;
  readonly actions: GridActions;
  readonly props: GridProps;
  readonly rowKey: string;
  /** The value columns (statistics). */
  readonly dataColumns: readonly GridColumn[];
  /** A selection column is drawn. */
  readonly selecting: boolean;
  readonly isRowDisabled: ((row: Readonly<GridRow>) => boolean) | undefined;
}

/**
 * What react-data-grid is given besides the columns: the rows to draw (with expanded content
 * rows), keys, heights, row classes (flash, drop target), the 统计 row, the cells' UI state,
 * and the change and selection handlers that lead back into the store.
 */
export function useGridView({
  store,
  snapshot,
  actions,
  props,
  rowKey,
  dataColumns,
  selecting,
  isRowDisabled,
}: GridViewInput) {
  const { book, expanded, selected, flashing, dropTargetId, menuRowId } = snapshot;
  const rows = book.rows;
  const size = props.size ?? 'medium';
  const drawnRows = useMemo(() => withExpandRows(rows, expanded, rowKey), [rows, expanded, rowKey]);

  const rowKeyGetter = useCallback(
    (row: GridRow) =>
      isExpandRow(row) ? `${keyOf(parentOf(row), rowKey)}::expand` : keyOf(row, rowKey),
    [rowKey],
  );

  const onRowsChange = useCallback(
    (next: GridRow[], data: RowsChangeData<GridRow, SummaryRow>) => {
      store.commitEdits(data.indexes.map((i) => next[i]).filter((row) => !isExpandRow(row)));
    },
    [store],
  );

  // Shift+Space in a cell (react-data-grid's own selection key) goes through the store too.
  const onSelectedRowsChange = useCallback(
    (next: Set<string>) => {
      const before = store.getSnapshot().selected;
      for (const id of next) if (!before.has(id)) store.toggleRow(id, true);
      for (const id of before) if (!next.has(id)) store.toggleRow(id, false);
    },
    [store],
  );
  const isRowSelectionDisabled = useMemo(
    () => (row: GridRow) => isExpandRow(row) || (isRowDisabled?.(row) ?? false),
    [isRowDisabled],
  );

  const statisticColumns = useMemo(
    () => dataColumns.filter((c) => (c.statistics?.length ?? 0) > 0),
    [dataColumns],
  );
  const footer = statisticColumns.length > 0;
  const summaryRows = useMemo((): readonly SummaryRow[] | undefined => {
    if (statisticColumns.length === 0) return undefined;
    return [
      { figures: new Map(statisticColumns.map((c) => [c.key, columnStatistics(rows, c.key)])) },
    ];
  }, [statisticColumns, rows]);

  const ui = useMemo(
    (): GridUiState => ({
      headerState: selecting ? headerState(rows, selected, rowKey, isRowDisabled) : 'none',
      expanded,
      rowNumbers:
        expanded.size > 0 ? new Map(rows.map((row, i) => [keyOf(row, rowKey), i + 1])) : null,
      menuRowId,
      dropTargetId,
    }),
    [selecting, rows, selected, rowKey, isRowDisabled, expanded, menuRowId, dropTargetId],
  );

  const { rowClassName } = props;
  const rowClass = useCallback(
    (row: GridRow) => {
      const id = keyOf(row, rowKey);
      const own = isExpandRow(row) ? undefined : rowClassName?.(row);
      const state = flashing.has(id)
        ? 'eg-row-flash'
        : dropTargetId === id
          ? 'eg-row-drop-target'
          : undefined;
      return [own, state].filter(Boolean).join(' ') || undefined;
    },
    [flashing, dropTargetId, rowKey, rowClassName],
  );

  const { dragSort, rowExpand, renderExpand, renderSubForm } = props;
  const customRows = Boolean(dragSort || rowExpand || renderSubForm);
  const renderers = useMemo(
    () => ({
      noRowsFallback: <div className="eg-empty">{MSG_EMPTY}</div>,
      renderRow: customRows
        ? createRowRenderer({ rowKey, actions, dragSort: Boolean(dragSort), renderExpand })
        : undefined,
    }),
    [customRows, rowKey, actions, dragSort, renderExpand],
  );

  const rowHeight = ROW_HEIGHT[size];
  const rowHeightOf = useMemo(
    () =>
      rowExpand ? (row: GridRow) => (isExpandRow(row) ? EXPAND_ROW_HEIGHT : rowHeight) : rowHeight,
    [rowExpand, rowHeight],
  );
  const headerHeight = HEADER_HEIGHT[size];
  const height = gridHeight({
    rows: rows.length,
    expandRows: drawnRows.length - rows.length,
    rowHeight,
    headerHeight,
    footer,
    maxHeight: props.maxHeight,
  });

  return {
    rows,
    drawnRows,
    footer,
    rowKeyGetter,
    onRowsChange,
    onSelectedRowsChange,
    isRowSelectionDisabled,
    summaryRows,
    ui,
    rowClass,
    renderers,
    rowHeight,
    rowHeightOf,
    headerHeight,
    height,
  };
}
