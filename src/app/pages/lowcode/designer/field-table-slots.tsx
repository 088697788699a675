import { createContext, use, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox, Input, InputNumber, Select } from 'antd';
import type { Catalogue } from '../../../../contracts/catalogue/index';
import {
  QUERY_MODE_LABELS,
  STATISTIC_LABELS,
  hasRule,
  inForm,
  inList,
  listWidthOf,
  listWithStatistics,
  listWithWidth,
  queryFor,
  queryModeOf,
  rulesWith,
  statisticsOf,
  type QueryMode,
  type Statistic,
} from '../../../../contracts/designer/field-settings';
import type { DesignerOp, FieldListRef } from '../../../../contracts/designer/ops';
import type { FieldDefinition } from '../../../../contracts/page';
import type { DictSources } from '../../../../contracts/page-api';
import type { GridRow, SlotCell } from '../../../../../registry/grid';
import { DictCell } from './DictCell';
import {
  ColumnTypeCell,
  NameCell,
  PatternCell,
  RowActions,
  SizeCell,
  cellLabel,
  type FieldRow,
} from './field-table-cells';

/** Applies one operation; `group` joins it to the last undo step of the same group. */
export type ApplyOp = (op: DesignerOp, group?: string | null) => void;

type FieldKey = Exclude<keyof FieldDefinition, 'name' | 'type'>;

/**
 * What every cell of the 字段 table reads besides its row. Cells read it from context, so a
 * change (a name typed, read-only switched) redraws the cells that read it, while the grid's
 * rows and columns keep their identity and unchanged rows are not drawn again.
 */
export interface FieldTableScope {
  readonly list: FieldListRef;
  readonly names: readonly string[];
  readonly ownsTable: boolean;
  readonly readOnly: boolean;
  readonly dictSources: DictSources | null;
  readonly typeOptions: readonly { value: string; label: string }[];
  readonly catalogue: Catalogue;
  readonly apply: ApplyOp;
}

export const FieldTableContext = createContext<FieldTableScope | null>(null);

function useScope() {
  const scope = use(FieldTableContext);
  if (!scope) throw new Error('a 字段 table cell outside its table');
  const ref = scope.list.detail === undefined ? {} : { detail: scope.list.detail };
  const at = (index: number) => `${scope.list.detail ?? 'main'}:${index}`;
  /** Writes one property of a field; typing joins the keystrokes into one undo step. */
  const set = (row: FieldRow, key: FieldKey, value: unknown, typing = false) =>
    scope.apply(
      { op: 'setField', ...ref, index: row.index, key, value },
      typing ? `field:${at(row.index)}:${key}` : null,
    );
  const patchColumn = (row: FieldRow) => (patch: object, group?: string) =>
    scope.apply(
      { op: 'setColumn', ...ref, index: row.index, patch },
      group ? `${group}:${scope.list.detail ?? 'main'}` : null,
    );
  return { ...scope, ref, at, set, patchColumn };
}

/** The grid holds rows as records; the 字段 table's rows are FieldRows (see FieldTable). */
export const fieldRowOf = (row: Readonly<GridRow>) => row as unknown as FieldRow;

function stopKeys(event: KeyboardEvent) {
  // Typing and Tab in a cell's control are the control's, not the grid's navigation.
  event.stopPropagation();
}

/** A slot renderer of the grid from a cell component of the 字段 table. */
function slot(Cell: (props: { readonly row: FieldRow }) => ReactNode) {
  return function FieldSlot(cell: SlotCell) {
    return (
      <div className="field-table-cell" onKeyDown={stopKeys}>
        <Cell row={fieldRowOf(cell.row)} />
      </div>
    );
  };
}

const QUERY_MODE_OPTIONS = Object.entries(QUERY_MODE_LABELS).map(([value, label]) => ({
  value: value as QueryMode,
  label,
}));
const STATISTIC_OPTIONS = Object.entries(STATISTIC_LABELS).map(([value, label]) => ({
  value: value as Statistic,
  label,
}));

function Name({ row }: { readonly row: FieldRow }) {
  const { names, ownsTable, readOnly, apply, ref, at } = useScope();
  return (
    <NameCell
      row={row}
      names={names}
      ownsTable={ownsTable}
      readOnly={readOnly}
      onRename={(name) =>
        apply({ op: 'renameField', ...ref, index: row.index, name }, `name:${at(row.index)}`)
      }
    />
  );
}

function Label({ row }: { readonly row: FieldRow }) {
  const { readOnly, set } = useScope();
  return (
    <Input
      size="small"
      aria-label={cellLabel(row, '的标题')}
      value={row.field.label}
      status={row.field.label.trim() ? undefined : 'error'}
      disabled={readOnly}
      onChange={(event) => set(row, 'label', event.target.value, true)}
    />
  );
}

function Type({ row }: { readonly row: FieldRow }) {
  const { readOnly, typeOptions, apply, ref } = useScope();
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={cellLabel(row, '的控件类型')}
      value={row.field.type}
      options={[...typeOptions]}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      disabled={readOnly}
      onChange={(type: string) => apply({ op: 'retypeField', ...ref, index: row.index, type })}
    />
  );
}

function ColumnType({ row }: { readonly row: FieldRow }) {
  const { readOnly, patchColumn } = useScope();
  return <ColumnTypeCell row={row} readOnly={readOnly} onPatch={patchColumn(row)} />;
}

function Size({ row }: { readonly row: FieldRow }) {
  const { readOnly, patchColumn } = useScope();
  return <SizeCell row={row} readOnly={readOnly} onPatch={patchColumn(row)} />;
}

function check(
  what: string,
  checked: (field: FieldDefinition) => boolean,
  write: (set: ReturnType<typeof useScope>['set'], row: FieldRow, on: boolean) => void,
) {
  return function CheckCell({ row }: { readonly row: FieldRow }) {
    const { readOnly, set } = useScope();
    return (
      <Checkbox
        aria-label={cellLabel(row, what)}
        checked={checked(row.field)}
        disabled={readOnly}
        onChange={(e) => write(set, row, e.target.checked)}
      />
    );
  };
}

function DefaultValue({ row }: { readonly row: FieldRow }) {
  const { readOnly, set } = useScope();
  const { defaultValue } = row.field;
  return (
    <Input
      size="small"
      aria-label={cellLabel(row, '的默认值')}
      value={defaultValue === undefined ? '' : String(defaultValue)}
      // A default of another kind than text (a number, a list) is set in the JSON view.
      disabled={readOnly || (defaultValue !== undefined && typeof defaultValue !== 'string')}
      onChange={(e) => set(row, 'defaultValue', e.target.value || undefined, true)}
    />
  );
}

function Dict({ row }: { readonly row: FieldRow }) {
  const { readOnly, dictSources, set } = useScope();
  return (
    <DictCell
      value={row.field.dictCode}
      sources={dictSources}
      label={cellLabel(row, '的字典')}
      readOnly={readOnly}
      onChange={(code, typing) => set(row, 'dictCode', code, typing)}
    />
  );
}

function Query({ row }: { readonly row: FieldRow }) {
  const { readOnly, catalogue, set } = useScope();
  return (
    <Select<QueryMode>
      size="small"
      style={{ width: '100%' }}
      aria-label={cellLabel(row, '的查询方式')}
      value={queryModeOf(row.field, catalogue.get(row.field.type)?.queryRule ?? 'eq')}
      disabled={readOnly}
      options={QUERY_MODE_OPTIONS}
      onChange={(mode) => set(row, 'query', queryFor(row.field, mode))}
    />
  );
}

function Width({ row }: { readonly row: FieldRow }) {
  const { readOnly, set } = useScope();
  return (
    <InputNumber
      size="small"
      min={40}
      max={2000}
      aria-label={cellLabel(row, '的列宽')}
      value={listWidthOf(row.field)}
      disabled={readOnly || !inList(row.field)}
      onChange={(width) => set(row, 'list', listWithWidth(row.field, width), true)}
    />
  );
}

function Statistics({ row }: { readonly row: FieldRow }) {
  const { readOnly, set } = useScope();
  return (
    <Select<Statistic[]>
      size="small"
      mode="multiple"
      style={{ width: '100%' }}
      aria-label={cellLabel(row, '的统计')}
      value={[...statisticsOf(row.field)]}
      disabled={readOnly || !inList(row.field)}
      options={STATISTIC_OPTIONS}
      onChange={(picked) => set(row, 'list', listWithStatistics(row.field, picked))}
    />
  );
}

function Pattern({ row }: { readonly row: FieldRow }) {
  const { readOnly, set } = useScope();
  return (
    <PatternCell row={row} readOnly={readOnly} onRules={(r) => set(row, 'validateRules', r)} />
  );
}

function Actions({ row }: { readonly row: FieldRow }) {
  const { readOnly, names, apply, ref } = useScope();
  return (
    <RowActions
      row={row}
      count={names.length}
      readOnly={readOnly}
      onMove={(to) => apply({ op: 'moveField', ...ref, from: row.index, to })}
      onCopy={() => apply({ op: 'copyField', ...ref, index: row.index })}
      onRemove={() => apply({ op: 'removeField', ...ref, index: row.index })}
    />
  );
}

/** The grid's slot renderers of the 字段 table, by column key: made once, read from context. */
export const FIELD_TABLE_SLOTS: Readonly<Record<string, (cell: SlotCell) => ReactNode>> = {
  name: slot(Name),
  label: slot(Label),
  type: slot(Type),
  columnType: slot(ColumnType),
  size: slot(Size),
  required: slot(
    check(
      '必填',
      (f) => hasRule(f, 'required'),
      (set, row, on) => set(row, 'validateRules', rulesWith(row.field, 'required', on)),
    ),
  ),
  unique: slot(
    check(
      '唯一',
      (f) => hasRule(f, 'unique'),
      (set, row, on) => set(row, 'validateRules', rulesWith(row.field, 'unique', on)),
    ),
  ),
  defaultValue: slot(DefaultValue),
  dict: slot(Dict),
  query: slot(Query),
  inList: slot(
    check('列表显示', inList, (set, row, on) => set(row, 'list', on ? undefined : false)),
  ),
  inForm: slot(
    check('表单显示', inForm, (set, row, on) => set(row, 'form', on ? undefined : false)),
  ),
  width: slot(Width),
  statistics: slot(Statistics),
  pattern: slot(Pattern),
  actions: slot(Actions),
};
