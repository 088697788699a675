import { memo, useCallback, useMemo, useRef } from 'react';
import type { Catalogue } from '../../../../contracts/catalogue/index';
import type { FieldListRef } from '../../../../contracts/designer/ops';
import type { FieldDefinition, TableDefinition } from '../../../../contracts/page';
import type { DictSources } from '../../../../contracts/page-api';
import { snakeFromCamel } from '../../../../contracts/page-upgrade';
import { EditableGrid, type GridColumn, type GridRow } from '../../../../../registry/grid';
import type { FieldRow } from './field-table-cells';
import {
  FIELD_TABLE_SLOTS,
  FieldTableContext,
  fieldRowOf,
  type ApplyOp,
  type FieldTableScope,
} from './field-table-slots';
import './field-table.css';

export type { ApplyOp } from './field-table-slots';

/** From this many fields the table draws only the rows in view. */
export const VIRTUAL_FROM = 40;

export interface FieldTableProps {
  readonly fields: readonly FieldDefinition[];
  readonly table: TableDefinition | undefined;
  readonly list: FieldListRef;
  readonly catalogue: Catalogue;
  readonly dictSources: DictSources | null;
  /** 字段名 stays in view while the rest scrolls (off on narrow screens). */
  readonly fixedColumns: boolean;
  readonly readOnly: boolean;
  readonly selected: number | null;
  readonly onSelect: (list: FieldListRef, index: number) => void;
  readonly apply: ApplyOp;
}

const column = (key: string, title: string, width: number, extra: Partial<GridColumn> = {}) =>
  ({ key, title, type: 'slot', width, ...extra }) satisfies GridColumn;

/** The columns of the table: those of column types only for a page with its own table. */
function fieldColumns(withColumns: boolean, detail: boolean, fixed: boolean): GridColumn[] {
  return [
    column('name', '字段名', 150, fixed ? { fixed: 'left' } : {}),
    column('label', '标题', 140),
    column('type', '控件类型', 170),
    ...(withColumns
      ? [column('columnType', '数据库类型', 110), column('size', '长度 / 小数位', 110)]
      : []),
    column('required', '必填', 56),
    column('unique', '唯一', 56),
    column('defaultValue', '默认值', 110),
    column('dict', '字典', 170),
    column('query', '查询方式', 96),
    column('inList', '列表显示', 72),
    column('inForm', '表单显示', 72),
    column('width', '列宽', 84),
    ...(detail ? [column('statistics', '统计', 120)] : []),
    column('pattern', '校验', 130),
    column('actions', '操作', 130),
  ];
}

/**
 * 字段 table of the designer, on the product's editable grid: one row per field of the page
 * (or of a detail) with what an administrator sets most — name, title, control, column type,
 * rules, query and views — and buttons to move, copy and remove; the grid's handle drags a
 * row to another place. Every cell writes through one designer operation on the draft: the
 * grid keeps no values of its own (its rows are handed back after each change), so the 设计
 * and JSON views can be switched at any moment with nothing lost.
 */
export const FieldTable = memo(FieldTableView, (before, after) =>
  (Object.keys(after) as (keyof FieldTableProps)[]).every((key) =>
    // A list reference is a fresh object on each draw of the designer: its detail is what counts.
    key === 'list' ? before.list.detail === after.list.detail : before[key] === after[key],
  ),
);

function FieldTableView({
  fields,
  table,
  list,
  catalogue,
  dictSources,
  fixedColumns,
  readOnly,
  selected,
  onSelect,
  apply,
}: FieldTableProps) {
  // A row keeps its object while its field and column do (the draft keeps unchanged parts'
  // objects): the grid does not draw it again while another row is typed into.
  const previous = useRef<readonly FieldRow[]>([]);
  const rows = useMemo<FieldRow[]>(() => {
    const next = fields.map((field, index) => {
      const column = table?.columns.find((c) => c.name === snakeFromCamel(field.name)) ?? null;
      const before = previous.current[index];
      return before && before.field === field && before.column === column
        ? before
        : { index, field, column };
    });
    previous.current = next;
    return next;
  }, [fields, table]);
  const names = useMemo(() => fields.map((f) => f.name), [fields]);
  const typeOptions = useMemo(
    () => catalogue.entries().map((e) => ({ value: e.type, label: `${e.title}（${e.type}）` })),
    [catalogue],
  );
  const detail = list.detail;
  const scope = useMemo<FieldTableScope>(
    () => ({
      list: detail === undefined ? {} : { detail },
      names,
      ownsTable: table !== undefined,
      readOnly,
      dictSources,
      typeOptions,
      catalogue,
      apply,
    }),
    [detail, names, table, readOnly, dictSources, typeOptions, catalogue, apply],
  );
  const columns = useMemo(
    () => fieldColumns(table !== undefined, detail !== undefined, fixedColumns),
    [table !== undefined, detail, fixedColumns], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const ref = detail === undefined ? {} : { detail };
  const onRowMove = (from: number, to: number) => apply({ op: 'moveField', ...ref, from, to });
  const onRowClick = useCallback(
    (row: Readonly<GridRow>) =>
      onSelect(detail === undefined ? {} : { detail }, fieldRowOf(row).index),
    [onSelect, detail],
  );
  const rowClassName = useCallback(
    (row: Readonly<GridRow>) =>
      fieldRowOf(row).index === selected ? 'field-table-selected' : undefined,
    [selected],
  );

  return (
    <FieldTableContext value={scope}>
      <EditableGrid
        className="field-table"
        aria-label="字段"
        rowKey="index"
        columns={columns}
        // FieldRow is a record of the grid's kind; the grid reads no value of it by key.
        dataSource={rows as unknown as GridRow[]}
        slots={FIELD_TABLE_SLOTS}
        size="mini"
        alwaysEdit
        disabled={readOnly}
        dragSort={!readOnly}
        onRowMove={onRowMove}
        onRowClick={onRowClick}
        rowClassName={rowClassName}
        maxHeight={420}
        // A long list draws only the rows in view (every row holds a dozen controls).
        enableVirtualization={rows.length > VIRTUAL_FROM}
      />
    </FieldTableContext>
  );
}
