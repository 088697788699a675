import { Button, Checkbox, Input, InputNumber, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DraftItem, SearchMode } from './draft';

export interface ColumnsTableProps {
  readonly items: readonly DraftItem[];
  readonly onChange: (items: DraftItem[]) => void;
  readonly readOnly: boolean;
}

const SEARCH_OPTIONS: { value: SearchMode; label: string }[] = [
  { value: 'none', label: '不查询' },
  { value: 'single', label: '单条件' },
  { value: 'group', label: '范围' },
];

/** The report's columns (字段 … 显示), one editable row each; rows come from 解析SQL. */
export function ColumnsTable({ items, onChange, readOnly }: ColumnsTableProps) {
  const set = (index: number, patch: Partial<DraftItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const columns: ColumnsType<DraftItem> = [
    { title: '字段', dataIndex: 'field', width: 140, ellipsis: true },
    {
      title: '标题',
      dataIndex: 'title',
      width: 160,
      render: (value: string, item, index) => (
        <Input
          aria-label={`${item.field} 标题`}
          value={value}
          disabled={readOnly}
          onChange={(e) => set(index, { title: e.target.value })}
        />
      ),
    },
    {
      title: '宽度',
      dataIndex: 'width',
      width: 100,
      render: (value: number | null, item, index) => (
        <InputNumber
          aria-label={`${item.field} 宽度`}
          value={value}
          min={20}
          max={2000}
          disabled={readOnly}
          style={{ width: '100%' }}
          onChange={(next) => set(index, { width: typeof next === 'number' ? next : null })}
        />
      ),
    },
    {
      title: '字典编码',
      dataIndex: 'dictCode',
      width: 140,
      render: (value: string, item, index) => (
        <Input
          aria-label={`${item.field} 字典编码`}
          value={value}
          disabled={readOnly}
          onChange={(e) => set(index, { dictCode: e.target.value })}
        />
      ),
    },
    {
      title: '查询方式',
      dataIndex: 'search',
      width: 110,
      render: (value: SearchMode, item, index) => (
        <Select<SearchMode>
          aria-label={`${item.field} 查询方式`}
          value={value}
          options={SEARCH_OPTIONS}
          disabled={readOnly}
          style={{ width: '100%' }}
          onChange={(next) => set(index, { search: next })}
        />
      ),
    },
    {
      title: '排序',
      dataIndex: 'order',
      width: 60,
      align: 'center',
      render: (value: boolean, item, index) => (
        <Checkbox
          aria-label={`${item.field} 排序`}
          checked={value}
          disabled={readOnly}
          onChange={(e) => set(index, { order: e.target.checked })}
        />
      ),
    },
    {
      title: '显示',
      dataIndex: 'show',
      width: 60,
      align: 'center',
      render: (value: boolean, item, index) => (
        <Checkbox
          aria-label={`${item.field} 显示`}
          checked={value}
          disabled={readOnly}
          onChange={(e) => set(index, { show: e.target.checked })}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_: unknown, item, index) => (
        <Button
          type="link"
          size="small"
          danger
          disabled={readOnly}
          aria-label={`删除列 ${item.field}`}
          onClick={() => onChange(items.filter((_, i) => i !== index))}
        >
          删除
        </Button>
      ),
    },
  ];
  return (
    <Table<DraftItem>
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={[...items]}
      columns={columns}
      scroll={{ x: 840 }}
      locale={{ emptyText: '写好SQL后点「解析SQL」生成报表列' }}
    />
  );
}
