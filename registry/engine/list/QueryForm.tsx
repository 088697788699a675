import { useMemo, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
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
import styles from './QueryForm.module.css';

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
      inQuery
    />
  );
}

/** A label's width in em: wide (CJK) characters 1em, others half, plus the colon. */
function labelEm(label: string): number {
  let em = 1;
  for (const char of label) em += char.charCodeAt(0) > 0xff ? 1 : 0.5;
  return em;
}

/** Labels wider than this are cut with an ellipsis (the whole label is its title). */
const MAX_LABEL_EM = 8;

/**
 * A label and its control on one line. Every label of a form is as wide as its widest one, so
 * a label never wraps above its input and the inputs of a column line up at every width.
 */
function QueryItem({
  label,
  labelWidth,
  children,
}: {
  readonly label: string;
  readonly labelWidth: string;
  readonly children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', alignItems: 'center', minHeight: token.controlHeight }}>
      <span
        className="sa-query-label"
        title={label}
        style={{
          flex: 'none',
          width: labelWidth,
          paddingInlineEnd: 8,
          boxSizing: 'content-box',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          textAlign: 'right',
          color: token.colorTextHeading,
        }}
      >
        {label}：
      </span>
      <div
        className={styles.control}
        style={{ '--sa-query-control-height': `${token.controlHeight}px` } as CSSProperties}
      >
        {children}
      </div>
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
  const labelWidth = useMemo(
    () => `${Math.min(MAX_LABEL_EM, Math.max(0, ...queryFields.map((f) => labelEm(f.label))))}em`,
    [queryFields],
  );
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
      <GridRow gutter={[24, 12]}>
        {queryFields.map((field) => (
          <Col
            {...COL}
            key={field.name}
            data-query-field={field.name}
            style={expanded || pinned.has(field.name) ? undefined : { display: 'none' }}
          >
            <QueryItem label={field.label} labelWidth={labelWidth}>
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
        {/* The buttons take the rest of the last row, on one line; without room, a line of their own. */}
        <Col flex="auto" className="sa-query-buttons">
          <Space wrap={false}>
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
              <Button
                type="link"
                style={{ paddingInline: 4 }}
                onClick={() => setExpanded((e) => !e)}
              >
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
