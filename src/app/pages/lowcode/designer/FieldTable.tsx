import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Checkbox, Input, InputNumber, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
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
import type { FieldDefinition, TableDefinition } from '../../../../contracts/page';
import type { DictSources } from '../../../../contracts/page-api';
import { snakeFromCamel } from '../../../../contracts/page-upgrade';
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

/** From this many fields the table draws only the rows in view. */
export const VIRTUAL_FROM = 40;

const QUERY_MODE_OPTIONS = Object.entries(QUERY_MODE_LABELS).map(([value, label]) => ({
  value: value as QueryMode,
  label,
}));
const STATISTIC_OPTIONS = Object.entries(STATISTIC_LABELS).map(([value, label]) => ({
  value: value as Statistic,
  label,
}));

export interface FieldTableProps {
  readonly fields: readonly FieldDefinition[];
  readonly table: TableDefinition | undefined;
  readonly list: FieldListRef;
  readonly catalogue: Catalogue;
  readonly dictSources: DictSources | null;
  /** 字段名 and 操作 stay in view while the rest scrolls (off on narrow screens). */
  readonly fixedColumns: boolean;
  readonly readOnly: boolean;
  readonly selected: number | null;
  readonly onSelect: (list: FieldListRef, index: number) => void;
  readonly apply: ApplyOp;
}

/**
 * 字段 table of the designer: one row per field of the page (or of a detail) with what an
 * administrator sets most — name, title, control, column type, rules, query and views — and
 * buttons to move (or drag by the handle), copy and remove. Every cell writes through one
 * designer operation.
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
  // objects): its cells are not redrawn while another row is typed into.
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
  const dragged = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const ref = list.detail === undefined ? {} : { detail: list.detail };
  const at = (index: number) => `${list.detail ?? 'main'}:${index}`;
  /** Writes one property of a field; typing joins the keystrokes into one undo step. */
  const set = (row: FieldRow, key: FieldKey, value: unknown, typing = false) =>
    apply(
      { op: 'setField', ...ref, index: row.index, key, value },
      typing ? `field:${at(row.index)}:${key}` : null,
    );
  const patchColumn = (row: FieldRow) => (patch: object, group?: string) =>
    apply(
      { op: 'setColumn', ...ref, index: row.index, patch },
      group ? `${group}:${list.detail ?? 'main'}` : null,
    );
  const check = (
    title: string,
    what: string,
    checked: (field: FieldDefinition) => boolean,
    write: (row: FieldRow, on: boolean) => void,
  ) => ({
    title,
    width: title.length > 2 ? 72 : 56,
    align: 'center' as const,
    render: (_: unknown, row: FieldRow): ReactNode => (
      <Checkbox
        aria-label={cellLabel(row, what)}
        checked={checked(row.field)}
        disabled={readOnly}
        onChange={(e) => write(row, e.target.checked)}
      />
    ),
  });

  // What every cell reads besides its row: when it changes, every cell is redrawn.
  const context = [readOnly, dictSources, typeOptions, rows.length] as const;
  const drawn = useRef<{ context: readonly unknown[]; names: string }>({ context, names: '' });
  const contextChanged = context.some((value, i) => value !== drawn.current.context[i]);
  const namesChanged = names.join(',') !== drawn.current.names;
  useEffect(() => {
    drawn.current = { context, names: names.join(',') };
  });

  const drawnColumns: ColumnsType<FieldRow> = [
    {
      title: '字段名',
      width: 150,
      fixed: fixedColumns ? 'left' : undefined,
      render: (_, row) => (
        <NameCell
          row={row}
          names={names}
          ownsTable={table !== undefined}
          readOnly={readOnly}
          onRename={(name) =>
            apply({ op: 'renameField', ...ref, index: row.index, name }, `name:${at(row.index)}`)
          }
        />
      ),
    },
    {
      title: '标题',
      width: 140,
      render: (_, row) => (
        <Input
          size="small"
          aria-label={cellLabel(row, '的标题')}
          value={row.field.label}
          status={row.field.label.trim() ? undefined : 'error'}
          disabled={readOnly}
          onChange={(event) => set(row, 'label', event.target.value, true)}
        />
      ),
    },
    {
      title: '控件类型',
      width: 170,
      render: (_, row) => (
        <Select
          size="small"
          style={{ width: '100%' }}
          aria-label={cellLabel(row, '的控件类型')}
          value={row.field.type}
          options={typeOptions}
          showSearch
          optionFilterProp="label"
          popupMatchSelectWidth={false}
          disabled={readOnly}
          onChange={(type: string) => apply({ op: 'retypeField', ...ref, index: row.index, type })}
        />
      ),
    },
    ...(table
      ? ([
          {
            title: '数据库类型',
            width: 110,
            render: (_, row) => (
              <ColumnTypeCell row={row} readOnly={readOnly} onPatch={patchColumn(row)} />
            ),
          },
          {
            title: '长度 / 小数位',
            width: 110,
            render: (_, row) => (
              <SizeCell row={row} readOnly={readOnly} onPatch={patchColumn(row)} />
            ),
          },
        ] satisfies ColumnsType<FieldRow>)
      : []),
    check(
      '必填',
      '必填',
      (f) => hasRule(f, 'required'),
      (row, on) => set(row, 'validateRules', rulesWith(row.field, 'required', on)),
    ),
    check(
      '唯一',
      '唯一',
      (f) => hasRule(f, 'unique'),
      (row, on) => set(row, 'validateRules', rulesWith(row.field, 'unique', on)),
    ),
    {
      title: '默认值',
      width: 110,
      render: (_, row) => (
        <Input
          size="small"
          aria-label={cellLabel(row, '的默认值')}
          value={row.field.defaultValue === undefined ? '' : String(row.field.defaultValue)}
          disabled={
            readOnly ||
            (row.field.defaultValue !== undefined && typeof row.field.defaultValue !== 'string')
          }
          onChange={(e) => set(row, 'defaultValue', e.target.value || undefined, true)}
        />
      ),
    },
    {
      title: '字典',
      width: 170,
      render: (_, row) => (
        <DictCell
          value={row.field.dictCode}
          sources={dictSources}
          label={cellLabel(row, '的字典')}
          readOnly={readOnly}
          onChange={(code, typing) => set(row, 'dictCode', code, typing)}
        />
      ),
    },
    {
      title: '查询方式',
      width: 96,
      render: (_, row) => (
        <Select<QueryMode>
          size="small"
          style={{ width: '100%' }}
          aria-label={cellLabel(row, '的查询方式')}
          value={queryModeOf(row.field, catalogue.get(row.field.type)?.queryRule ?? 'eq')}
          disabled={readOnly}
          options={QUERY_MODE_OPTIONS}
          onChange={(mode) => set(row, 'query', queryFor(row.field, mode))}
        />
      ),
    },
    check('列表显示', '列表显示', inList, (row, on) => set(row, 'list', on ? undefined : false)),
    check('表单显示', '表单显示', inForm, (row, on) => set(row, 'form', on ? undefined : false)),
    {
      title: '列宽',
      width: 84,
      render: (_, row) => (
        <InputNumber
          size="small"
          min={40}
          max={2000}
          aria-label={cellLabel(row, '的列宽')}
          value={listWidthOf(row.field)}
          disabled={readOnly || !inList(row.field)}
          onChange={(width) => set(row, 'list', listWithWidth(row.field, width), true)}
        />
      ),
    },
    ...(list.detail !== undefined
      ? ([
          {
            title: '统计',
            width: 120,
            render: (_, row) => (
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
            ),
          },
        ] satisfies ColumnsType<FieldRow>)
      : []),
    {
      title: '校验',
      width: 130,
      render: (_, row) => (
        <PatternCell
          row={row}
          readOnly={readOnly}
          onRules={(rules) => set(row, 'validateRules', rules)}
        />
      ),
    },
    {
      title: '操作',
      width: 150,
      fixed: fixedColumns ? 'right' : undefined,
      render: (_, row) => (
        <RowActions
          row={row}
          count={rows.length}
          readOnly={readOnly}
          onMove={(to) => apply({ op: 'moveField', ...ref, from: row.index, to })}
          onCopy={() => apply({ op: 'copyField', ...ref, index: row.index })}
          onRemove={() => apply({ op: 'removeField', ...ref, index: row.index })}
          onDragStart={(event) => {
            dragged.current = row.index;
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(row.index));
            const tr = event.currentTarget.closest('tr');
            if (tr) event.dataTransfer.setDragImage(tr, 16, 16);
          }}
        />
      ),
    },
  ];

  const virtual = rows.length > VIRTUAL_FROM;
  const columns = drawnColumns.map((column) => ({
    ...column,
    // A cell is drawn again only when its row or what all cells read changed (the name cell
    // also when a name did: it refuses duplicates).
    shouldCellUpdate: (row: FieldRow, before: FieldRow) =>
      row !== before || contextChanged || (column.title === '字段名' && namesChanged),
  }));

  return (
    <Table<FieldRow>
      size="small"
      rowKey="index"
      columns={columns}
      dataSource={rows}
      pagination={false}
      // A long list draws only the rows in view (every row holds a dozen controls).
      virtual={virtual}
      scroll={{
        x: virtual ? columns.reduce((sum, c) => sum + Number(c.width ?? 100), 0) : 'max-content',
        y: 420,
      }}
      onRow={(row) => ({
        onClick: () => onSelect(list, row.index),
        onDragOver: (event) => {
          if (dragged.current === null) return;
          event.preventDefault();
          if (dropAt !== row.index) setDropAt(row.index);
        },
        onDragEnd: () => {
          dragged.current = null;
          setDropAt(null);
        },
        onDrop: (event) => {
          event.preventDefault();
          const from = dragged.current;
          dragged.current = null;
          setDropAt(null);
          if (from !== null && from !== row.index) {
            apply({ op: 'moveField', ...ref, from, to: row.index });
          }
        },
        style: dropAt === row.index ? { outline: '2px dashed #1677ff' } : undefined,
      })}
      rowClassName={(row) => (row.index === selected ? 'ant-table-row-selected' : '')}
      aria-label="字段"
    />
  );
}
