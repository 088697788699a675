import { useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import { fieldNameProblem } from '../../../../contracts/designer/field-name';
import {
  PATTERN_LABELS,
  patternOf,
  rulesWithPattern,
} from '../../../../contracts/designer/field-settings';
import type {
  ColumnDefinition,
  ColumnType,
  FieldDefinition,
  ValidateRule,
} from '../../../../contracts/page';

/** One row of the 字段 table: a field and the column that holds it (null: none or standard). */
export interface FieldRow {
  readonly index: number;
  readonly field: FieldDefinition;
  readonly column: ColumnDefinition | null;
}

/** A change of the row's column: its type and sizes; `group` joins typing into one undo step. */
export type ColumnPatch = (patch: Partial<ColumnDefinition>, group?: string) => void;

/** `第 N 个字段的…`: how every cell names itself to screen readers (and tests). */
export const cellLabel = (row: FieldRow, what: string) => `第 ${row.index + 1} 个字段${what}`;

const COLUMN_TYPE_OPTIONS = Object.entries({
  string: '字符串',
  text: '长文本',
  int: '整数',
  bigint: '长整数',
  decimal: '小数',
  date: '日期',
  datetime: '日期时间',
  boolean: '是/否',
} satisfies Record<ColumnType, string>).map(([value, label]) => ({ value, label }));

const CUSTOM_PATTERN = '(custom)';
const PATTERN_OPTIONS = [
  { value: '', label: '无' },
  ...Object.entries(PATTERN_LABELS).map(([value, label]) => ({ value, label })),
  { value: CUSTOM_PATTERN, label: '自定义正则表达式' },
];

/** 字段名 as typed: refused names stay in the cell (with why) and are not written. */
export function NameCell({
  row,
  names,
  ownsTable,
  readOnly,
  onRename,
}: {
  readonly row: FieldRow;
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
        aria-label={cellLabel(row, '的字段名')}
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

/** 数据库类型: a change keeps the sizes that type uses (a string 255, a decimal 18,2 by default). */
export function ColumnTypeCell({
  row,
  readOnly,
  onPatch,
}: {
  readonly row: FieldRow;
  readonly readOnly: boolean;
  readonly onPatch: ColumnPatch;
}) {
  const column = row.column;
  if (!column) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>系统列</span>;
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={cellLabel(row, '的数据库类型')}
      value={column.type}
      popupMatchSelectWidth={false}
      disabled={readOnly}
      options={COLUMN_TYPE_OPTIONS}
      onChange={(type: ColumnType) =>
        onPatch({
          type,
          length: type === 'string' ? (column.length ?? 255) : undefined,
          precision: type === 'decimal' ? (column.precision ?? 18) : undefined,
          scale: type === 'decimal' ? (column.scale ?? 2) : undefined,
        })
      }
    />
  );
}

/** 长度 of a string column, 小数位 of a decimal one; nothing for the other types. */
export function SizeCell({
  row,
  readOnly,
  onPatch,
}: {
  readonly row: FieldRow;
  readonly readOnly: boolean;
  readonly onPatch: ColumnPatch;
}) {
  const column = row.column;
  const group = `${row.index}`;
  if (column?.type === 'string') {
    return (
      <InputNumber
        size="small"
        min={1}
        max={4000}
        aria-label={cellLabel(row, '的长度')}
        value={column.length ?? 255}
        disabled={readOnly}
        onChange={(length) => onPatch({ length: length ?? 255 }, `length:${group}`)}
      />
    );
  }
  if (column?.type === 'decimal') {
    return (
      <InputNumber
        size="small"
        min={0}
        max={column.precision ?? 18}
        aria-label={cellLabel(row, '的小数位')}
        value={column.scale ?? 2}
        disabled={readOnly}
        onChange={(scale) => onPatch({ scale: scale ?? 2 }, `scale:${group}`)}
      />
    );
  }
  return null;
}

/** 校验: none, a preset pattern, or the author's own pattern (set in the props panel). */
export function PatternCell({
  row,
  readOnly,
  onRules,
}: {
  readonly row: FieldRow;
  readonly readOnly: boolean;
  readonly onRules: (rules: readonly ValidateRule[] | undefined) => void;
}) {
  const rule = patternOf(row.field);
  const value = rule
    ? Object.hasOwn(PATTERN_LABELS, rule.pattern)
      ? rule.pattern
      : CUSTOM_PATTERN
    : '';
  const choose = (pattern: string) =>
    onRules(
      rulesWithPattern(
        row.field,
        pattern === ''
          ? null
          : pattern === CUSTOM_PATTERN
            ? { pattern: rule?.pattern ?? '^.*$', message: rule?.message ?? '${title}格式不正确' }
            : { pattern },
      ),
    );
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={cellLabel(row, '的校验')}
      value={value}
      popupMatchSelectWidth={false}
      disabled={readOnly}
      options={PATTERN_OPTIONS}
      onChange={choose}
    />
  );
}

/** 操作: move up / down (the keyboard's way; the grid's handle drags), copy, remove. */
export function RowActions({
  row,
  count,
  readOnly,
  onMove,
  onCopy,
  onRemove,
}: {
  readonly row: FieldRow;
  readonly count: number;
  readonly readOnly: boolean;
  readonly onMove: (to: number) => void;
  readonly onCopy: () => void;
  readonly onRemove: () => void;
}) {
  const n = row.index + 1;
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`上移第 ${n} 个字段`}
        disabled={readOnly || row.index === 0}
        onClick={() => onMove(row.index - 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`下移第 ${n} 个字段`}
        disabled={readOnly || row.index === count - 1}
        onClick={() => onMove(row.index + 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<CopyOutlined />}
        aria-label={`复制第 ${n} 个字段`}
        disabled={readOnly}
        onClick={onCopy}
      />
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={`删除第 ${n} 个字段`}
        disabled={readOnly || count === 1}
        onClick={onRemove}
      />
    </Space>
  );
}
