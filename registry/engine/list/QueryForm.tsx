import { useMemo, useState } from 'react';
import { Button, Col, Form, Row as GridRow, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { FieldDefinition } from '../../../src/contracts/page';
import { useEngine } from '../context';
import {
  MSG_COLLAPSE,
  MSG_EXPAND,
  MSG_QUERY,
  MSG_RANGE_BEGIN,
  MSG_RANGE_END,
  MSG_RESET,
} from '../messages';
import { defaultPlaceholder, queryView } from '../page-model';
import type { OptionsByField } from '../use-field-options';
import { isRange, type QueryValues } from './query-params';

export interface QueryFormProps {
  readonly fields: readonly FieldDefinition[];
  readonly options: OptionsByField;
  /** Fields shown before expanding (pinned ones always are). */
  readonly visibleCount: number;
  readonly onSearch: (values: QueryValues) => void;
}

const COL = { xs: 24, sm: 24, md: 12, lg: 8, xl: 6 } as const;

function QueryInput({
  field,
  options,
  name,
  placeholder,
}: {
  readonly field: FieldDefinition;
  readonly options: OptionsByField;
  readonly name: string;
  readonly placeholder: string;
}) {
  const { registry } = useEngine();
  const Widget = registry.get(field.type)!.field;
  return (
    <Form.Item name={name} noStyle>
      <Widget
        {...field.props}
        field={field}
        options={options.get(field.name)}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}

/**
 * The query form above a list: every field with `query`, widgets from the registry, ranges as
 * a from–to pair, 查询 / 重置, and 展开 / 收起 beyond the first `visibleCount`.
 */
export function QueryForm({ fields, options, visibleCount, onSearch }: QueryFormProps) {
  const [form] = Form.useForm<QueryValues>();
  const [expanded, setExpanded] = useState(false);
  const queryFields = useMemo(() => fields.filter((f) => queryView(f) !== null), [fields]);
  const pinned = useMemo(() => {
    const marked = queryFields.filter((f) => queryView(f)?.pinned);
    return new Set(
      (marked.length > 0 ? marked : queryFields.slice(0, visibleCount)).map((f) => f.name),
    );
  }, [queryFields, visibleCount]);
  if (queryFields.length === 0) return null;
  const collapsible = queryFields.some((f) => !pinned.has(f.name));

  return (
    <Form
      form={form}
      layout="horizontal"
      className="sa-query-form"
      onFinish={(values) => onSearch(values)}
      style={{ marginBottom: 16 }}
    >
      <GridRow gutter={[24, 12]} style={{ width: '100%' }}>
        {queryFields.map((field) => (
          <Col
            {...COL}
            key={field.name}
            data-query-field={field.name}
            style={expanded || pinned.has(field.name) ? undefined : { display: 'none' }}
          >
            <Form.Item
              label={field.label}
              labelCol={{ flex: 'none' }}
              wrapperCol={{ flex: 'auto' }}
              style={{ marginBottom: 0 }}
            >
              {isRange(field) ? (
                <Space.Compact style={{ width: '100%' }}>
                  <QueryInput
                    field={field}
                    options={options}
                    name={`${field.name}_begin`}
                    placeholder={MSG_RANGE_BEGIN}
                  />
                  <QueryInput
                    field={field}
                    options={options}
                    name={`${field.name}_end`}
                    placeholder={MSG_RANGE_END}
                  />
                </Space.Compact>
              ) : (
                <QueryInput
                  field={field}
                  options={options}
                  name={field.name}
                  placeholder={field.placeholder ?? defaultPlaceholder(field)}
                />
              )}
            </Form.Item>
          </Col>
        ))}
        <Col {...COL}>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {MSG_QUERY}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              {MSG_RESET}
            </Button>
            {collapsible && (
              <Button type="link" onClick={() => setExpanded((e) => !e)}>
                {expanded ? MSG_COLLAPSE : MSG_EXPAND}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
}
