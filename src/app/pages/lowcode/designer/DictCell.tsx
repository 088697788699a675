import { useMemo, useState } from 'react';
import { AutoComplete, Button, Popover, Select, Space, Tooltip } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import type { DictSources } from '../../../../contracts/page-api';

export interface DictCellProps {
  readonly value: string | undefined;
  /** What the picker offers (null while it loads or when the call failed: typing still works). */
  readonly sources: DictSources | null;
  readonly label: string;
  readonly readOnly: boolean;
  /** A new code (undefined: none); `typing` joins keystrokes into one undo step. */
  readonly onChange: (code: string | undefined, typing: boolean) => void;
}

/** The parts of a table dictionary code `table,text,code`, when the value is one. */
function tableParts(value: string | undefined): readonly [string, string, string] | null {
  const parts = value?.split(',').map((p) => p.trim());
  return parts?.length === 3 ? [parts[0]!, parts[1]!, parts[2]!] : null;
}

/** 表字典: a table the user may use, its text column and its value column. */
function TableDictForm({
  sources,
  value,
  onDone,
}: {
  readonly sources: DictSources | null;
  readonly value: string | undefined;
  readonly onDone: (code: string) => void;
}) {
  const initial = tableParts(value);
  const [table, setTable] = useState(initial?.[0]);
  const [text, setText] = useState(initial?.[1]);
  const [code, setCode] = useState(initial?.[2]);
  const source = sources?.tables.find((t) => t.table === table);
  const columns = (source?.columns ?? []).map((c) => ({ value: c, label: c }));
  return (
    <Space direction="vertical" style={{ width: 240 }}>
      <Select
        aria-label="表字典的表"
        placeholder="表"
        showSearch
        style={{ width: '100%' }}
        value={table}
        options={(sources?.tables ?? []).map((t) => ({
          value: t.table,
          label: `${t.title}（${t.table}）`,
        }))}
        optionFilterProp="label"
        onChange={(next: string) => {
          setTable(next);
          setText(undefined);
          setCode(undefined);
        }}
      />
      <Select
        aria-label="表字典的显示字段"
        placeholder="显示字段"
        style={{ width: '100%' }}
        value={text}
        options={columns}
        onChange={setText}
      />
      <Select
        aria-label="表字典的值字段"
        placeholder="值字段"
        style={{ width: '100%' }}
        value={code}
        options={columns}
        onChange={setCode}
      />
      <Button
        type="primary"
        size="small"
        block
        disabled={!table || !text || !code}
        onClick={() => onDone(`${table},${text},${code}`)}
      >
        确定
      </Button>
    </Space>
  );
}

/**
 * 字典 of a field: a system dictionary picked by its name or code (or typed), or a table
 * dictionary built from the tables the user may use (the 表 button). The server's lookups
 * still decide what a page's users may read.
 */
export function DictCell({ value, sources, label, readOnly, onChange }: DictCellProps) {
  const [open, setOpen] = useState(false);
  const options = useMemo(
    () => (sources?.dicts ?? []).map((d) => ({ value: d.code, label: `${d.name}（${d.code}）` })),
    [sources],
  );
  return (
    <Space.Compact style={{ width: '100%' }}>
      <AutoComplete
        size="small"
        style={{ width: '100%' }}
        aria-label={label}
        placeholder="字典编码"
        value={value ?? ''}
        options={options}
        popupMatchSelectWidth={false}
        allowClear
        disabled={readOnly}
        filterOption={(typed, option) =>
          String(option?.label ?? '')
            .toLowerCase()
            .includes(typed.trim().toLowerCase())
        }
        onChange={(next: string) => onChange(next.trim() || undefined, true)}
        onSelect={(next: string) => onChange(next, false)}
      />
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        title="表字典"
        destroyOnHidden
        content={
          <TableDictForm
            sources={sources}
            value={value}
            onDone={(code) => {
              onChange(code, false);
              setOpen(false);
            }}
          />
        }
      >
        <Tooltip title="表字典">
          <Button
            size="small"
            icon={<TableOutlined />}
            aria-label={`${label}：表字典`}
            disabled={readOnly}
          />
        </Tooltip>
      </Popover>
    </Space.Compact>
  );
}
