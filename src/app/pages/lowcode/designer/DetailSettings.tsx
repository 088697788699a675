import { Button, Checkbox, Form, Input, Popconfirm, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { DetailDefinition, PageDefinition } from '../../../../contracts/page';
import { freeName } from '../../../../contracts/designer/ops';
import { snakeFromCamel } from '../../../../contracts/page-upgrade';
import type { ApplyOp } from './FieldTable';

/** A new detail of a page: its code, a foreign key field, a table when the page owns one. */
export function newDetail(page: PageDefinition): DetailDefinition {
  const taken = [...(page.details ?? []).map((d) => d.code), ...page.fields.map((f) => f.name)];
  const code = freeName(taken, `${page.code}_item`.slice(0, 60));
  const foreignKey = 'masterId';
  return {
    code,
    title: '明细',
    foreignKey,
    fields: [
      { name: foreignKey, label: '主表', type: 'hidden' },
      { name: 'name', label: '名称', type: 'input' },
    ],
    ...(page.table
      ? {
          table: {
            name: code,
            columns: [
              { name: snakeFromCamel(foreignKey), type: 'string', length: 32, comment: '主表' },
              { name: 'name', type: 'string', length: 100, comment: '名称' },
            ],
          },
        }
      : {}),
  };
}

const GRID_OPTIONS = [
  { key: 'rowNumber', label: '行号', fallback: true },
  { key: 'rowSelection', label: '行选择', fallback: true },
  { key: 'dragSort', label: '拖动排序', fallback: false },
  { key: 'alwaysEdit', label: '始终编辑', fallback: false },
] as const;

/** A detail's own settings: title, code, foreign key, grid options, and removing it. */
export function DetailSettings({
  detail,
  index,
  readOnly,
  apply,
}: {
  readonly detail: DetailDefinition;
  readonly index: number;
  readonly readOnly: boolean;
  readonly apply: ApplyOp;
}) {
  const set = (path: readonly (string | number)[], value: unknown, typing = false) =>
    apply(
      { op: 'setDetail', index, path, value },
      typing ? `detail:${index}:${path.join('.')}` : null,
    );
  return (
    <Form layout="inline" disabled={readOnly} style={{ rowGap: 8, marginBottom: 8 }}>
      <Form.Item label="子表标题">
        <Input
          aria-label="子表标题"
          value={detail.title}
          onChange={(e) => set(['title'], e.target.value, true)}
        />
      </Form.Item>
      <Form.Item label="子表编码">
        <Input
          aria-label="子表编码"
          value={detail.code}
          onChange={(e) => set(['code'], e.target.value, true)}
        />
      </Form.Item>
      <Form.Item label="外键">
        <Select
          aria-label="外键"
          style={{ minWidth: 140 }}
          value={detail.foreignKey}
          options={detail.fields.map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
          onChange={(key: string) => set(['foreignKey'], key)}
        />
      </Form.Item>
      <Form.Item label="表格">
        <Space wrap>
          {GRID_OPTIONS.map((option) => (
            <Checkbox
              key={option.key}
              checked={detail.grid?.[option.key] ?? option.fallback}
              onChange={(e) =>
                set(
                  ['grid', option.key],
                  e.target.checked === option.fallback ? undefined : e.target.checked,
                )
              }
            >
              {option.label}
            </Checkbox>
          ))}
        </Space>
      </Form.Item>
      <Form.Item>
        <Popconfirm
          title={`删除子表「${detail.title}」？`}
          description="子表的表和数据会保留；保存时会列出变化。"
          okText="删除"
          cancelText="取消"
          onConfirm={() => apply({ op: 'removeDetail', index })}
        >
          <Button danger icon={<DeleteOutlined />}>
            删除子表
          </Button>
        </Popconfirm>
      </Form.Item>
    </Form>
  );
}
