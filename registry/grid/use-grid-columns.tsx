import { useMemo, type ReactElement, type ReactNode } from 'react';
import type { RenderCellProps } from 'react-data-grid';
import type { FieldOption } from '../../src/contracts/page';
import { AlwaysEditor, CellEditor } from './cells/CellEditor';
import { editorPropsOf, fieldOf, hasRules, type CellSpec } from './cells/cell-spec';
import { isTextReading, textReader } from './cells/cell-text';
import { RuledCell, displayContent } from './cells/DisplayCell';
import { isExpandRow } from './expand-rows';
import type { GridColumnsInput, GridDataColumn, SummaryRow } from './grid-columns-types';
import { reservedColumn } from './reserved-columns';
import {
  isReservedType,
  layoutColumns,
  minWidthOf,
  shareFloorOf,
  sharedWidth,
  sharesWidth,
  widthOf,
} from './model/column-layout';
import { LABEL_STATISTICS } from './model/constants';
import { keyOf } from './model/row-key';
import type { ColumnStatistics } from './model/statistics';
import type { GridColumn, GridProps, GridRow } from './types';

const EMPTY_OPTIONS: readonly FieldOption[] = [];

function isRequired(column: GridColumn, editRules: GridProps['editRules']): boolean {
  const rules = [...(column.validateRules ?? []), ...(editRules?.[column.key] ?? [])];
  return rules.some((r) => r.required || r.pattern === '*');
}

function headerOf(column: GridColumn, required: boolean): string | ReactElement {
  if (!required) return column.title;
  return (
    <span className="eg-header">
      <span className="eg-required" aria-hidden="true">
        *
      </span>
      {column.title}
    </span>
  );
}

function summaryText(figures: ColumnStatistics | undefined, column: GridColumn): string {
  const kinds = column.statistics ?? [];
  if (!figures || kinds.length === 0) return '';
  if (kinds.length === 1) return kinds[0] === 'sum' ? figures.sum : figures.average;
  return `合计 ${figures.sum} / 平均 ${figures.average}`;
}

/** React.lazy components are objects tagged react.lazy (plain components are functions). */
function isLazyComponent(component: unknown): boolean {
  return (
    typeof component === 'object' &&
    component !== null &&
    (component as { $$typeof?: symbol }).$$typeof === Symbol.for('react.lazy')
  );
}

function specOf(column: GridColumn, input: GridColumnsInput): CellSpec {
  const options = input.options.get(column.key) ?? column.options ?? EMPTY_OPTIONS;
  const renderer = input.registry.get(column.type);
  const grid = renderer?.entry.grid;
  const reading = grid?.text ?? 'value';
  return {
    column,
    field: fieldOf(column),
    options,
    renderer,
    reading,
    text: textReader(column, options, reading),
    lazyDisplay: isLazyComponent(renderer?.display),
    // Slots and display-only types are never edited by the grid.
    editable: !input.disabled && !column.disabled && grid !== undefined && !grid.readOnly,
    hasRules: hasRules(column, input.editRules),
    editorProps: editorPropsOf(column, options, input.alwaysEdit, reading),
  };
}

function valueColumn(
  spec: CellSpec,
  input: GridColumnsInput,
  label: boolean,
  share: string | undefined,
): GridDataColumn {
  const { column } = spec;
  const { rowKey, slots } = input;
  const { key } = column;
  const slot = column.type === 'slot' ? slots?.[column.slot ?? key] : undefined;
  const ruled = spec.hasRules && input.showErrors;
  const plain = isTextReading(spec.reading) && !ruled;
  const always = input.alwaysEdit && spec.editable;

  let renderCell: (p: RenderCellProps<GridRow, SummaryRow>) => ReactNode;
  if (column.type === 'slot') {
    renderCell = ({ row, rowIdx, onRowChange }) =>
      slot?.({
        value: row[key],
        row,
        column,
        rowIndex: rowIdx,
        setValue: (value) => onRowChange({ ...row, [key]: value }),
      }) ?? null;
  } else if (always) {
    renderCell = ({ row, onRowChange }) => {
      const editor = <AlwaysEditor spec={spec} row={row} onRowChange={onRowChange} />;
      return ruled ? (
        <RuledCell rowId={keyOf(row, rowKey)} columnKey={key}>
          {editor}
        </RuledCell>
      ) : (
        editor
      );
    };
  } else if (plain) {
    // The common case: a string, no component.
    renderCell = ({ row }) => spec.text(row);
  } else if (ruled) {
    renderCell = ({ row }) => (
      <RuledCell rowId={keyOf(row, rowKey)} columnKey={key}>
        {displayContent(spec, row)}
      </RuledCell>
    );
  } else {
    renderCell = ({ row }) => displayContent(spec, row);
  }

  const editable = spec.editable && !input.alwaysEdit;
  return {
    key,
    // A read-only grid (详情) asks for nothing: no required marks.
    name: headerOf(column, !input.disabled && isRequired(column, input.editRules)),
    width: widthOf(column, share),
    minWidth:
      share !== undefined && sharesWidth(column) ? shareFloorOf(column) : minWidthOf(column),
    frozen: column.fixed === 'left' && !input.narrow,
    resizable: true,
    cellClass: ruled || always ? 'eg-box-cell' : undefined,
    renderCell: (p) => (isExpandRow(p.row) ? null : renderCell(p)),
    renderSummaryCell: ({ row }) =>
      label ? LABEL_STATISTICS : summaryText(row.figures.get(key), column),
    ...(editable
      ? {
          editable: (row: GridRow) => !isExpandRow(row),
          renderEditCell: ({ row, onRowChange, onClose }) => (
            <CellEditor spec={spec} row={row} onRowChange={onRowChange} onClose={onClose} />
          ),
          editorOptions: { commitOnOutsideClick: false },
        }
      : {}),
  };
}

/** Builds react-data-grid columns; the objects only change when the definition does. */
export function buildColumns(input: GridColumnsInput): {
  columns: GridDataColumn[];
  specs: Map<string, CellSpec>;
} {
  const specs = new Map<string, CellSpec>();
  const laid = layoutColumns(input.columns, input.flags);
  const share = sharedWidth(laid, input.footer);
  const columns = laid.map((column, i) => {
    const label = input.footer && i === 0;
    if (isReservedType(column.type)) return reservedColumn(column.type, input, label);
    const spec = specOf(column, input);
    specs.set(column.key, spec);
    return valueColumn(spec, input, label, share);
  });
  return { columns, specs };
}

export function useGridColumns(input: GridColumnsInput) {
  const { flags } = input;
  return useMemo(
    () => buildColumns(input),
    // The host passes a fresh input (and flags) object each render: the columns are rebuilt
    // only when one of the values in them changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      input.columns,
      flags.rowNumber,
      flags.rowSelection,
      flags.rowSelectionType,
      flags.rowExpand,
      flags.dragSort,
      input.options,
      input.registry,
      input.rowKey,
      input.editRules,
      input.alwaysEdit,
      input.disabled,
      input.footer,
      input.slots,
      input.rowMenu,
      input.showErrors,
      input.narrow,
    ],
  );
}
