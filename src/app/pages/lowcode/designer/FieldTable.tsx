import { memo, useMemo, useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import type { Catalogue } from '../../../../contracts/catalogue/index';
import { fieldNameProblem } from '../../../../contracts/designer/field-name';
import {
  PATTERN_LABELS,
  QUERY_MODE_LABELS,
  hasRule,
  inForm,
  inList,
  listWidthOf,
  listWithWidth,
  patternOf,
  queryFor,
  queryModeOf,
  rulesWith,
  rulesWithPattern,
  type QueryMode,
} from '../../../../contracts/designer/field-settings';
import type { DesignerOp, FieldListRef } from '../../../../contracts/designer/ops';
import type {
  ColumnDefinition,
  ColumnType,
  FieldDefinition,
  TableDefinition,
} from '../../../../contracts/page';
import { snakeFromCamel } from '../../../../contracts/page-upgrade';

/** Applies one operation; `group` joins it to the last undo step of the same group. */
export type ApplyOp = (op: DesignerOp, group?: string | null) => void;

const COLUMN_TYPE_LABELS: Readonly<Record<ColumnType, string>> = {
  string: '字符串',
  text: '长文本',
  int: '整数',
  bigint: '长整数',
  decimal: '小数',
  date: '日期',
  datetime: '日期时间',
  boolean: '是/否',
};

const CUSTOM_PATTERN = '(custom)';

interface Row {
  readonly index: number;
  readonly field: FieldDefinition;
  readonly column: ColumnDefinition | null;
}

export interface FieldTableProps {
  readonly fields: readonly FieldDefinition[];
  readonly table: TableDefinition | undefined;
  readonly list: FieldListRef;
  readonly catalogue: Catalogue;
  readonly readOnly: boolean;
  readonly selected: number | null;
  readonly onSelect: (index: number) => void;
  readonly apply: ApplyOp;
}

/** 字段名 as typed: refused names stay in the cell (with why) and are not written. */
function NameCell({
  row,
  names,
  ownsTable,
  readOnly,
  onRename,
}: {
  readonly row: Row;
  readonly names: readonly string[];
  readonly ownsTable: boolean;
  readonly readOnly: boolean;
  readonly onRename: (name: string) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? row.field.name;
  const others = names.filter((_, i) => i !== row.index);
  const problem = fieldNameProblem(shown, { others, ownsTable });
  return (
    <Tooltip title={problem} open={problem !== null && typed !== null ? true : undefined}>
      <Input
        size="small"
        aria-label={`第 ${row.index + 1} 个字段的字段名`}
        value={shown}
        status={problem ? 'error' : undefined}
        disabled={readOnly}
        onChange={(event) => {
          const name = event.target.value.trim();
          setTyped(name);
          if (!fieldNameProblem(name, { others, ownsTable })) onRename(name);
        }}
        onBlur={() => setTyped(null)}
      />
    </Tooltip>
  );
}

/**
 * 字段 table of the designer: one row per field of the page (or of a detail) with what an
 * administrator sets most — name, title, control, column type, rules, query and views — and
 * buttons to move, copy and remove. Every cell writes through one designer operation.
 */
export const FieldTable = memo(function FieldTable({
  fields,
  table,
  list,
  catalogue,
  readOnly,
  selected,
  onSelect,
  apply,
}: FieldTableProps) {
  const rows = useMemo<Row[]>(
    () =>
      fields.map((field, index) => ({
        index,
        field,
        column: table?.columns.find((c) => c.name === snakeFromCamel(field.name)) ?? null,
      })),
    [fields, table],
  );
  const names = useMemo(() => fields.map((f) => f.name), [fields]);
  const typeOptions = useMemo(
    () => catalogue.entries().map((e) => ({ value: e.type, label: `${e.title}（${e.type}）` })),
    [catalogue],
  );
  const ref = list.detail === undefined ? {} : { detail: list.detail };
  const at = (index: number) => `${list.detail ?? 'main'}:${index}`;
  const set = (index: number, key: Parameters<typeof setKey>[1], value: unknown, typing = false) =>
    setKey(index, key, value, typing);
  function setKey(
    index: number,
    key: Exclude<keyof FieldDefinition, 'name' | 'type'>,
    value: unknown,
    typing: boolean,
  ) {
    apply(
      { op: 'setField', ...ref, index, key, value },
      typing ? `field:${at(index)}:${key}` : null,
    );
  }

  const columns: ColumnsType<Row> = [
    {
      title: '字段名',
      width: 150,
      fixed: 'left',
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
          aria-label={`第 ${row.index + 1} 个字段的标题`}
          value={row.field.label}
          status={row.field.label.trim() ? undefined : 'error'}
          disabled={readOnly}
          onChange={(event) => set(row.index, 'label', event.target.value, true)}
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
          aria-label={`第 ${row.index + 1} 个字段的控件类型`}
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
            render: (_, row) =>
              row.column ? (
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  aria-label={`第 ${row.index + 1} 个字段的数据库类型`}
                  value={row.column.type}
                  popupMatchSelectWidth={false}
                  disabled={readOnly}
                  options={Object.entries(COLUMN_TYPE_LABELS).map(([value, label]) => ({
                    value,
                    label,
                  }))}
                  onChange={(type: ColumnType) =>
                    apply({
                      op: 'setColumn',
                      ...ref,
                      index: row.index,
                      patch: {
                        type,
                        length: type === 'string' ? (row.column?.length ?? 255) : undefined,
                        precision: type === 'decimal' ? (row.column?.precision ?? 18) : undefined,
                        scale: type === 'decimal' ? (row.column?.scale ?? 2) : undefined,
                      },
                    })
                  }
                />
              ) : (
                <span style={{ color: 'rgba(0,0,0,0.45)' }}>系统列</span>
              ),
          },
          {
            title: '长度 / 小数位',
            width: 110,
            render: (_, row) => {
              const column = row.column;
              if (column?.type === 'string') {
                return (
                  <InputNumber
                    size="small"
                    min={1}
                    max={4000}
                    aria-label={`第 ${row.index + 1} 个字段的长度`}
                    value={column.length ?? 255}
                    disabled={readOnly}
                    onChange={(length) =>
                      apply(
                        {
                          op: 'setColumn',
                          ...ref,
                          index: row.index,
                          patch: { length: length ?? 255 },
                        },
                        `length:${at(row.index)}`,
                      )
                    }
                  />
                );
              }
              if (column?.type === 'decimal') {
                return (
                  <InputNumber
                    size="small"
                    min={0}
                    max={column.precision ?? 18}
                    aria-label={`第 ${row.index + 1} 个字段的小数位`}
                    value={column.scale ?? 2}
                    disabled={readOnly}
                    onChange={(scale) =>
                      apply(
                        { op: 'setColumn', ...ref, index: row.index, patch: { scale: scale ?? 2 } },
                        `scale:${at(row.index)}`,
                      )
                    }
                  />
                );
              }
              return null;
            },
          },
        ] satisfies ColumnsType<Row>)
      : []),
    {
      title: '必填',
      width: 56,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          aria-label={`第 ${row.index + 1} 个字段必填`}
          checked={hasRule(row.field, 'required')}
          disabled={readOnly}
          onChange={(e) =>
            set(row.index, 'validateRules', rulesWith(row.field, 'required', e.target.checked))
          }
        />
      ),
    },
    {
      title: '唯一',
      width: 56,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          aria-label={`第 ${row.index + 1} 个字段唯一`}
          checked={hasRule(row.field, 'unique')}
          disabled={readOnly}
          onChange={(e) =>
            set(row.index, 'validateRules', rulesWith(row.field, 'unique', e.target.checked))
          }
        />
      ),
    },
    {
      title: '默认值',
      width: 110,
      render: (_, row) => (
        <Input
          size="small"
          aria-label={`第 ${row.index + 1} 个字段的默认值`}
          value={row.field.defaultValue === undefined ? '' : String(row.field.defaultValue)}
          disabled={
            readOnly ||
            (row.field.defaultValue !== undefined && typeof row.field.defaultValue !== 'string')
          }
          onChange={(e) => set(row.index, 'defaultValue', e.target.value || undefined, true)}
        />
      ),
    },
    {
      title: '字典',
      width: 140,
      render: (_, row) => (
        <Input
          size="small"
          placeholder="字典编码"
          aria-label={`第 ${row.index + 1} 个字段的字典`}
          value={row.field.dictCode ?? ''}
          disabled={readOnly}
          onChange={(e) => set(row.index, 'dictCode', e.target.value.trim() || undefined, true)}
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
          aria-label={`第 ${row.index + 1} 个字段的查询方式`}
          value={queryModeOf(row.field, catalogue.get(row.field.type)?.queryRule ?? 'eq')}
          disabled={readOnly}
          options={Object.entries(QUERY_MODE_LABELS).map(([value, label]) => ({
            value: value as QueryMode,
            label,
          }))}
          onChange={(mode) => set(row.index, 'query', queryFor(row.field, mode))}
        />
      ),
    },
    {
      title: '列表显示',
      width: 72,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          aria-label={`第 ${row.index + 1} 个字段列表显示`}
          checked={inList(row.field)}
          disabled={readOnly}
          onChange={(e) => set(row.index, 'list', e.target.checked ? undefined : false)}
        />
      ),
    },
    {
      title: '表单显示',
      width: 72,
      align: 'center',
      render: (_, row) => (
        <Checkbox
          aria-label={`第 ${row.index + 1} 个字段表单显示`}
          checked={inForm(row.field)}
          disabled={readOnly}
          onChange={(e) => set(row.index, 'form', e.target.checked ? undefined : false)}
        />
      ),
    },
    {
      title: '列宽',
      width: 84,
      render: (_, row) => (
        <InputNumber
          size="small"
          min={40}
          max={2000}
          aria-label={`第 ${row.index + 1} 个字段的列宽`}
          value={listWidthOf(row.field)}
          disabled={readOnly || !inList(row.field)}
          onChange={(width) => set(row.index, 'list', listWithWidth(row.field, width), true)}
        />
      ),
    },
    {
      title: '校验',
      width: 130,
      render: (_, row) => {
        const rule = patternOf(row.field);
        const value = rule
          ? Object.hasOwn(PATTERN_LABELS, rule.pattern)
            ? rule.pattern
            : CUSTOM_PATTERN
          : '';
        return (
          <Select
            size="small"
            style={{ width: '100%' }}
            aria-label={`第 ${row.index + 1} 个字段的校验`}
            value={value}
            popupMatchSelectWidth={false}
            disabled={readOnly}
            options={[
              { value: '', label: '无' },
              ...Object.entries(PATTERN_LABELS).map(([pattern, label]) => ({
                value: pattern,
                label,
              })),
              { value: CUSTOM_PATTERN, label: '正则表达式（属性中设置）' },
            ]}
            onChange={(pattern: string) =>
              set(
                row.index,
                'validateRules',
                rulesWithPattern(
                  row.field,
                  pattern === ''
                    ? null
                    : pattern === CUSTOM_PATTERN
                      ? {
                          pattern: rule?.pattern ?? '^.*$',
                          message: rule?.message ?? '${title}格式不正确',
                        }
                      : { pattern },
                ),
              )
            }
          />
        );
      },
    },
    {
      title: '操作',
      width: 128,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移第 ${row.index + 1} 个字段`}
            disabled={readOnly || row.index === 0}
            onClick={() => apply({ op: 'moveField', ...ref, from: row.index, to: row.index - 1 })}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移第 ${row.index + 1} 个字段`}
            disabled={readOnly || row.index === rows.length - 1}
            onClick={() => apply({ op: 'moveField', ...ref, from: row.index, to: row.index + 1 })}
          />
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={`复制第 ${row.index + 1} 个字段`}
            disabled={readOnly}
            onClick={() => apply({ op: 'copyField', ...ref, index: row.index })}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除第 ${row.index + 1} 个字段`}
            disabled={readOnly || rows.length === 1}
            onClick={() => apply({ op: 'removeField', ...ref, index: row.index })}
          />
        </Space>
      ),
    },
  ];

  return (
    <Table<Row>
      size="small"
      rowKey="index"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content', y: 420 }}
      onRow={(row) => ({ onClick: () => onSelect(row.index) })}
      rowClassName={(row) => (row.index === selected ? 'ant-table-row-selected' : '')}
      aria-label="字段"
    />
  );
});
