import { forwardRef, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataGrid, type CellMouseArgs, type DataGridHandle } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import { Spin } from 'antd';
import { useServices } from '../services';
import { useNarrow } from '../use-media';
import { useFieldOptions } from '../use-field-options';
import { fieldOf } from './cells/cell-spec';
import { DetailsModal } from './DetailsModal';
import './editable-grid.css';
import { isExpandRow } from './expand-rows';
import { GridActionsContext, GridErrorsContext, GridUiContext } from './grid-context';
import { GridPagination } from './GridPagination';
import { GridToolbarContainer } from './GridToolbarContainer';
import { DEFAULT_DRAG_SORT_KEY, DEFAULT_ROW_KEY, MSG_SUB_TABLE_FAILED } from './model/constants';
import { valueColumns } from './model/new-row';
import { keyOf } from './model/row-key';
import { disabledRowMatcher } from './model/selection';
import { compileColumns } from './model/validation';
import type { GridStoreConfig } from './store/types';
import { SubTablePopover } from './SubTablePopover';
import type { GridHandle, GridProps, GridRow } from './types';
import { useGridActions } from './use-grid-actions';
import type { SummaryRow } from './grid-columns-types';
import { useGridColumns } from './use-grid-columns';
import { useGridHandle } from './use-grid-handle';
import { useGridStore } from './use-grid-store';
import { useGridView } from './use-grid-view';
import { useSubTable } from './use-sub-table';
import { useFeedback } from './use-feedback';
import { useTableSync } from './use-table-sync';
import { permittedColumns } from './model/permitted-columns';

/**
 * The editable grid (widgets.md §2.5) on react-data-grid: rows live in the grid's store, a
 * keystroke re-renders only the cell being edited, a row commits as a whole. See types.ts for
 * the props and the imperative handle. Pass `columns` (and `editRules`, `slots`) as stable
 * objects: a new array rebuilds every column.
 */
export const EditableGrid = forwardRef<GridHandle, GridProps>(function EditableGrid(props, ref) {
  const { size = 'medium', alwaysEdit = false, disabled = false, authPre } = props;
  const rowKey = props.rowKey ?? DEFAULT_ROW_KEY;
  const rowSelectionType = props.rowSelectionType ?? 'checkbox';
  const { registry, can } = useServices();
  const columns = useMemo(
    () => permittedColumns(props.columns, authPre, can),
    [props.columns, authPre, can],
  );
  const { feedback, holder: feedbackHolder } = useFeedback();
  const gridRef = useRef<DataGridHandle>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  const dataColumns = useMemo(() => valueColumns(columns), [columns]);
  const fields = useMemo(() => dataColumns.map(fieldOf), [dataColumns]);
  const { options } = useFieldOptions(fields);
  const rules = useMemo(
    () => compileColumns(dataColumns, props.editRules),
    [dataColumns, props.editRules],
  );
  const isRowDisabled = useMemo(() => disabledRowMatcher(props.disabledRows), [props.disabledRows]);

  const config: GridStoreConfig = {
    columns,
    rowKey,
    orderKey: props.dragSort ? (props.dragSortKey ?? DEFAULT_DRAG_SORT_KEY) : null,
    selectionType: rowSelectionType,
    isRowDisabled,
    rules,
    asyncRemove: props.asyncRemove ?? false,
    reloadEffect: props.reloadEffect ?? false,
    onRemove: props.onRemove,
    onSelectionChange: props.onSelectionChange,
    onValueChange: props.onValueChange,
    onRowMove: props.onRowMove,
    warn: feedback.warning,
  };
  const { store, snapshot } = useGridStore(props.dataSource, config);
  const { actions, commitEditor } = useGridActions(store, gridRef);
  useGridHandle(ref, store, rowKey, commitEditor);

  // Live sync (§2.12): rows other clients saved arrive as setValues patches (and flash).
  useTableSync({
    pageId: props.syncPageId,
    socketKey: props.socketKey,
    enabled: props.socketReload === true,
    onRows: (synced) =>
      store.patch(
        synced.flatMap((row) => {
          const id = row[rowKey];
          return id === undefined || id === null
            ? []
            : [{ rowKey: String(id), values: { ...row } }];
        }),
      ),
  });

  const narrow = useNarrow();
  const footer = dataColumns.some((c) => (c.statistics?.length ?? 0) > 0);
  const { columns: gridColumns, specs } = useGridColumns({
    columns,
    flags: {
      rowNumber: props.rowNumber,
      rowSelection: props.rowSelection,
      rowSelectionType,
      rowExpand: props.rowExpand,
      dragSort: props.dragSort,
    },
    options,
    registry,
    rowKey,
    editRules: props.editRules,
    alwaysEdit,
    disabled,
    footer,
    slots: props.slots,
    rowMenu: !disabled,
    showErrors: snapshot.errors.size > 0,
    narrow,
  });
  const selecting = gridColumns.some((c) => c.key === 'row-checkbox' || c.key === 'row-radio');
  const view = useGridView({
    store,
    snapshot,
    actions,
    props,
    rowKey,
    dataColumns,
    selecting,
    isRowDisabled,
  });

  // A row just added (新增, 插入一行) is scrolled to and its first editable cell selected.
  useEffect(() => {
    const id = store.consumeFocus();
    if (id === null) return;
    const rowIdx = view.drawnRows.findIndex((r) => !isExpandRow(r) && keyOf(r, rowKey) === id);
    const idx = Math.max(
      0,
      gridColumns.findIndex((c) => c.renderEditCell),
    );
    if (rowIdx >= 0) gridRef.current?.selectCell({ rowIdx, idx }, { shouldFocusCell: true });
  });

  const subForm = props.renderSubForm;
  const subTable = useSubTable({
    grid: useCallback(() => gridRef.current?.element ?? null, []),
    body: useCallback(() => bodyRef.current, []),
    scrollTo: useCallback(
      (rowId: string) => {
        const rowIdx = store.getSnapshot().book.rows.findIndex((r) => store.idOf(r) === rowId);
        if (rowIdx >= 0) gridRef.current?.scrollToCell({ rowIdx });
      },
      [store],
    ),
    onFail: useCallback(() => feedback.error(MSG_SUB_TABLE_FAILED), [feedback]),
  });
  const subRow = subTable.anchor
    ? view.rows.find((r) => keyOf(r, rowKey) === subTable.anchor?.rowId)
    : undefined;
  const [detailsRow, setDetailsRow] = useState<GridRow | null>(null);

  // A click edits (§2.5), or opens 详细信息 / the 子表 popover when the grid asks for it.
  const { clickShowSubForm, clickShowDetails, onRowClick } = props;
  const onCellClick = useCallback(
    (args: CellMouseArgs<GridRow, SummaryRow>) => {
      if (isExpandRow(args.row)) return;
      onRowClick?.(args.row);
      const spec = specs.get(args.column.key);
      if (!spec) return;
      if (clickShowSubForm && subForm) subTable.toggle(keyOf(args.row, rowKey));
      if (clickShowDetails || spec.column.showDetails) {
        setDetailsRow(args.row);
        return;
      }
      if (spec.editable && !alwaysEdit) args.selectCell(true);
    },
    [specs, clickShowSubForm, clickShowDetails, subForm, subTable, rowKey, alwaysEdit, onRowClick],
  );

  // The body; a Spin (antd styles to mount) only for hosts that pass `loading`.
  const body = (
    <div className="eg-body" ref={bodyRef}>
      <GridActionsContext value={actions}>
        <GridUiContext value={view.ui}>
          <GridErrorsContext value={snapshot.errors}>
            <DataGrid<GridRow, SummaryRow, string>
              ref={gridRef}
              className="eg-grid"
              aria-label={props['aria-label']}
              style={{ blockSize: view.height }}
              columns={gridColumns}
              rows={view.drawnRows}
              rowKeyGetter={view.rowKeyGetter}
              onRowsChange={view.onRowsChange}
              rowHeight={view.rowHeightOf}
              headerRowHeight={view.headerHeight}
              summaryRowHeight={view.rowHeight}
              bottomSummaryRows={view.summaryRows}
              selectedRows={selecting ? snapshot.selected : undefined}
              onSelectedRowsChange={selecting ? view.onSelectedRowsChange : undefined}
              isRowSelectionDisabled={view.isRowSelectionDisabled}
              onCellClick={onCellClick}
              rowClass={view.rowClass}
              renderers={view.renderers}
              enableVirtualization={props.enableVirtualization ?? true}
            />
          </GridErrorsContext>
        </GridUiContext>
      </GridActionsContext>
      {subTable.anchor && subRow && subForm && (
        <SubTablePopover
          anchor={subTable.anchor}
          content={subForm(subRow)}
          onClose={subTable.close}
        />
      )}
    </div>
  );

  return (
    <div
      className={['eg-root', `eg-size-${size}`, props.className].filter(Boolean).join(' ')}
      style={props.style}
    >
      {feedbackHolder}
      {props.toolbar && (
        <GridToolbarContainer
          store={store}
          snapshot={snapshot}
          props={props}
          can={can}
          confirm={feedback.confirm}
        />
      )}
      {props.loading === undefined ? body : <Spin spinning={props.loading}>{body}</Spin>}
      {props.pagination && (
        <GridPagination pagination={props.pagination} onChange={props.onPageChange} />
      )}
      {detailsRow && (
        <DetailsModal row={detailsRow} specs={specs} onClose={() => setDetailsRow(null)} />
      )}
    </div>
  );
});
