import type { CellText } from '../../../src/contracts/catalogue/index';
import type { FieldDefinition, FieldOption } from '../../../src/contracts/page';
import type { ResolvedRenderer } from '../../types';
import type { GridColumn, GridRule } from '../types';
import type { TextReader } from './cell-text';

/** Everything a value column's cells need, worked out once per column (not per cell). */
export interface CellSpec {
  readonly column: GridColumn;
  /** The column as a field definition: widgets read their label and props from it. */
  readonly field: FieldDefinition;
  readonly options: readonly FieldOption[];
  readonly renderer: ResolvedRenderer | undefined;
  /** How the cell reads when not edited (its type's catalogue `grid.text`). */
  readonly reading: CellText;
  /** The cell as plain text (text readings, editor fallbacks). */
  readonly text: TextReader;
  /** The registry's display is a lazy component (needs a Suspense boundary). */
  readonly lazyDisplay: boolean;
  readonly editable: boolean;
  /** Cells read the error index (a red border and tooltip) only when the column has rules. */
  readonly hasRules: boolean;
  /** Props every editor of the column gets besides value / onChange. */
  readonly editorProps: Readonly<Record<string, unknown>>;
}

/** A grid column as the field definition the registry's widgets understand. */
export function fieldOf(column: GridColumn): FieldDefinition {
  return {
    name: column.key,
    label: column.title,
    type: column.type,
    ...(column.props ? { props: column.props } : {}),
    ...(column.dictCode ? { dictCode: column.dictCode } : {}),
    ...(column.options ? { options: column.options } : {}),
    ...(column.placeholder !== undefined ? { placeholder: column.placeholder } : {}),
  };
}

/** True when the column (or the grid's editRules for its key) holds a rule. */
export function hasRules(
  column: GridColumn,
  editRules?: Readonly<Record<string, readonly GridRule[]>>,
): boolean {
  return (column.validateRules?.length ?? 0) > 0 || (editRules?.[column.key]?.length ?? 0) > 0;
}

/** Column settings the upload cells (file, upload, image) read. */
const UPLOAD_EXTRAS = [
  'allowDownload',
  'allowRemove',
  'action',
  'token',
  'responseName',
  'btnText',
] as const;

/** What an editor gets on top of FieldWidgetProps (§ brief: size small, focus, column extras). */
export function editorPropsOf(
  column: GridColumn,
  options: readonly FieldOption[],
  alwaysEdit: boolean,
  reading: CellText,
): Record<string, unknown> {
  const extras: Record<string, unknown> = {
    autoFocus: !alwaysEdit,
    size: 'small',
    ...column.props,
    options,
    placeholder: column.placeholder,
    // A cell has no field definition: the column title names it.
    'aria-label': column.title,
    // A cell has no field either: types that search their dictionary (sel_search_async) read it.
    ...(column.dictCode ? { dictCode: column.dictCode } : {}),
    disabled: column.disabled,
  };
  if (column.customValue !== undefined || reading === 'yes-no') {
    extras.customValue = column.customValue ?? [true, false];
  }
  if (column.allowClear !== undefined) extras.allowClear = column.allowClear;
  if (column.allowSearch !== undefined) extras.allowSearch = column.allowSearch;
  if (column.allowInput !== undefined) extras.allowInput = column.allowInput;
  if (column.setTagColor !== undefined) extras.setTagColor = column.setTagColor;
  // Upload cells (widgets.md §3 "Grid column"): the column's own upload settings.
  for (const key of UPLOAD_EXTRAS) {
    if (column[key] !== undefined) extras[key] = column[key];
  }
  return extras;
}
