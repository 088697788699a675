import { Button, Input, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { newParam, type DraftParam } from './draft';

export interface ParamsTableProps {
  readonly params: readonly DraftParam[];
  readonly onChange: (params: DraftParam[]) => void;
  readonly readOnly: boolean;
}

/** The SQL's `${name}` parameters: name, description, default value. */
export function ParamsTable({ params, onChange, readOnly }: ParamsTableProps) {
  const set = (key: string, patch: Partial<DraftParam>) =>
    onChange(params.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const text = (field: 'name' | 'title' | 'default', label: string) =>
    function Cell(value: string, param: DraftParam, index: number) {
      return (
        <Input
          aria-label={`参数${index + 1} ${label}`}
          value={value}
          disabled={readOnly}
          onChange={(e) => set(param.key, { [field]: e.target.value })}
        />
      );
    };
  const columns: ColumnsType<DraftParam> = [
    { title: '参数名', dataIndex: 'name', width: 160, render: text('name', '参数名') },
    { title: '参数说明', dataIndex: 'title', width: 180, render: text('title', '参数说明') },
    { title: '默认值', dataIndex: 'default', width: 180, render: text('default', '默认值') },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_: unknown, param) => (
        <Button
          type="link"
          size="small"
          danger
          disabled={readOnly}
          onClick={() => onChange(params.filter((p) => p.key !== param.key))}
        >
          删除
        </Button>
      ),
    },
  ];
  return (
    <>
      <Table<DraftParam>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={[...params]}
        columns={columns}
        scroll={{ x: 590 }}
        locale={{ emptyText: 'SQL中写作 ${参数名} 的参数，解析SQL时自动加入' }}
      />
      {!readOnly && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => onChange([...params, newParam()])}
        >
          添加参数
        </Button>
      )}
    </>
  );
}
