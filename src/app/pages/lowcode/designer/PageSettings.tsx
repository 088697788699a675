import { Form, Input, InputNumber, Select } from 'antd';
import type { Draft } from '../../../../contracts/designer/ops';
import type { ApplyOp } from './FieldTable';

const KIND_OPTIONS = [
  { value: 'list', label: '列表（单表）' },
  { value: 'tree-list', label: '树形列表' },
  { value: 'master-detail', label: '主子表' },
  { value: 'form', label: '表单' },
];

/** 页面 tab: the page's own settings, its list and its edit form. */
export function PageSettings({
  draft,
  readOnly,
  apply,
}: {
  readonly draft: Draft;
  readonly readOnly: boolean;
  readonly apply: ApplyOp;
}) {
  const set = (path: readonly (string | number)[], value: unknown, typing = false) =>
    apply({ op: 'setPage', path, value }, typing ? `page:${path.join('.')}` : null);
  const sortable = [
    { value: 'createTime', label: '创建时间' },
    { value: 'updateTime', label: '修改时间' },
    ...draft.fields.map((f) => ({ value: f.name, label: f.label || f.name })),
  ];
  return (
    <Form
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      disabled={readOnly}
      style={{ maxWidth: 640 }}
    >
      <Form.Item label="页面标题">
        <Input
          aria-label="页面标题"
          value={draft.title}
          onChange={(e) => set(['title'], e.target.value, true)}
        />
      </Form.Item>
      <Form.Item label="页面编码" extra="菜单地址为 /online/page/{编码}；保存后不能修改">
        <Input
          aria-label="页面编码"
          value={draft.code}
          onChange={(e) => set(['code'], e.target.value, true)}
        />
      </Form.Item>
      <Form.Item label="页面类型">
        <Select
          aria-label="页面类型"
          value={draft.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => set(['kind'], kind)}
        />
      </Form.Item>
      <Form.Item label="说明">
        <Input.TextArea
          aria-label="说明"
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={draft.description ?? ''}
          onChange={(e) => set(['description'], e.target.value || undefined, true)}
        />
      </Form.Item>
      <Form.Item label="每页条数">
        <InputNumber
          aria-label="每页条数"
          min={1}
          max={1000}
          value={draft.list?.pageSize ?? 10}
          onChange={(n) => set(['list', 'pageSize'], n ?? undefined, true)}
        />
      </Form.Item>
      <Form.Item label="默认排序">
        <Select
          aria-label="默认排序字段"
          style={{ width: 180, marginRight: 8 }}
          value={draft.list?.sortColumn ?? 'createTime'}
          options={sortable}
          onChange={(column) => set(['list', 'sortColumn'], column)}
        />
        <Select
          aria-label="排序方向"
          style={{ width: 100 }}
          value={draft.list?.sortOrder ?? 'desc'}
          options={[
            { value: 'desc', label: '降序' },
            { value: 'asc', label: '升序' },
          ]}
          onChange={(order) => set(['list', 'sortOrder'], order)}
        />
      </Form.Item>
      <Form.Item label="行选择">
        <Select
          aria-label="行选择"
          value={draft.list?.selection ?? 'checkbox'}
          options={[
            { value: 'checkbox', label: '多选' },
            { value: 'radio', label: '单选' },
            { value: 'none', label: '不选择' },
          ]}
          onChange={(selection) => set(['list', 'selection'], selection)}
        />
      </Form.Item>
      <Form.Item label="表单容器">
        <Select
          aria-label="表单容器"
          value={draft.form?.container ?? 'modal'}
          options={[
            { value: 'modal', label: '弹窗' },
            { value: 'drawer', label: '抽屉' },
          ]}
          onChange={(container) => set(['form', 'container'], container)}
        />
      </Form.Item>
      <Form.Item label="表单宽度">
        <InputNumber
          aria-label="表单宽度"
          min={200}
          max={2000}
          value={draft.form?.width ?? null}
          placeholder="默认"
          onChange={(n) => set(['form', 'width'], n ?? undefined, true)}
        />
      </Form.Item>
      <Form.Item label="每行字段数">
        <Select
          aria-label="每行字段数"
          value={draft.form?.columns ?? null}
          placeholder="自动"
          allowClear
          options={[1, 2, 3, 4].map((n) => ({ value: n, label: `${n} 列` }))}
          onChange={(n?: number) => set(['form', 'columns'], n ?? undefined)}
        />
      </Form.Item>
      <Form.Item label="分组显示" extra="字段设置中给字段分组后生效">
        <Select
          aria-label="分组显示"
          value={draft.form?.groupStyle ?? 'sections'}
          options={[
            { value: 'sections', label: '分区（带标题的分隔线）' },
            { value: 'tabs', label: '标签页' },
          ]}
          onChange={(style: string) =>
            set(['form', 'groupStyle'], style === 'sections' ? undefined : style)
          }
        />
      </Form.Item>
      <Form.Item label="标签宽度">
        <InputNumber
          aria-label="标签宽度"
          min={40}
          max={400}
          value={draft.form?.labelWidth ?? null}
          placeholder="100"
          onChange={(n) => set(['form', 'labelWidth'], n ?? undefined, true)}
        />
      </Form.Item>
    </Form>
  );
}
