import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Col, Row as GridRow, Space, theme } from 'antd';
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
import type { OptionsByField } from '../../use-field-options';
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
  placeholder,
  value,
  onChange,
}: {
  readonly field: FieldDefinition;
  readonly options: OptionsByField;
  readonly placeholder: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
}) {
  const { registry } = useEngine();
  const Widget = registry.get(field.type)!.field;
  return (
    <Widget
      {...field.props}
      field={field}
      options={options.get(field.name)}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
    />
  );
}

/** A label and its control on one line, the label as wide as its text. */
function QueryItem({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', alignItems: 'center', minHeight: token.controlHeight }}>
      <span style={{ flex: 'none', paddingInlineEnd: 8, color: token.colorTextHeading }}>
        {label}：
      </span>
      <div style={{ flex: 'auto', minWidth: 0 }}>{children}</div>
    </div>
  );
}

/**
 * The query form above a list: every field with `query`, widgets from the registry, ranges as
 * a from–to pair, 查询 / 重置 (Enter in a box searches too), and 展开 / 收起 beyond the first
 * `visibleCount`. A plain form holding its values (a list does not load antd's Form for it).
 */
export function QueryForm({ fields, options, visibleCount, onSearch }: QueryFormProps) {
  const [values, setValues] = useState<QueryValues>({});
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

  const set = (name: string) => (value: unknown) =>
    setValues((current) => ({ ...current, [name]: value }));
  const input = (field: FieldDefinition, name: string, placeholder: string) => (
    <QueryInput
      field={field}
      options={options}
      placeholder={placeholder}
      value={values[name]}
      onChange={set(name)}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };

  return (
    <form className="sa-query-form" onSubmit={submit} style={{ marginBottom: 16 }}>
      <GridRow gutter={[24, 12]} style={{ width: '100%' }}>
        {queryFields.map((field) => (
          <Col
            {...COL}
            key={field.name}
            data-query-field={field.name}
            style={expanded || pinned.has(field.name) ? undefined : { display: 'none' }}
          >
            <QueryItem label={field.label}>
              {isRange(field) ? (
                <Space.Compact style={{ width: '100%' }}>
                  {input(field, `${field.name}_begin`, MSG_RANGE_BEGIN)}
                  {input(field, `${field.name}_end`, MSG_RANGE_END)}
                </Space.Compact>
              ) : (
                input(field, field.name, field.placeholder ?? defaultPlaceholder(field))
              )}
            </QueryItem>
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
                setValues({});
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
    </form>
  );
}
