import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useServices } from '../../../registry/services';
import type { ReportOption, ReportQueryItem } from '../../../src/runtime/report-client';
import {
  LABEL_BEGIN,
  LABEL_COLLAPSE,
  LABEL_END,
  LABEL_EXPAND,
  LABEL_QUERY,
  LABEL_RESET,
} from './messages';
import type { ReportQuery } from './use-report';

/** Fields shown while the form is collapsed; with more, an expand/collapse toggle shows. */
export const COLLAPSED_FIELDS = 3;

export interface ReportQueryFormProps {
  readonly items: readonly ReportQueryItem[];
  /** The report's dictionaries (getRpColumns' dictOptions) by code. */
  readonly dictOptions: Readonly<Record<string, readonly ReportOption[]>>;
  readonly onSearch: (query: ReportQuery) => void;
}

/** Options of a query field's dictionary: the report's own, else the dictionary service's. */
function useQueryOptions(
  items: readonly ReportQueryItem[],
  dictOptions: ReportQueryFormProps['dictOptions'],
) {
  const { dicts } = useServices();
  const [loaded, setLoaded] = useState<Readonly<Record<string, readonly ReportOption[]>>>({});
  const missing = items
    .flatMap((i) => (i.dictCode && !dictOptions[i.dictCode] ? [i.dictCode] : []))
    .join(',');
  useEffect(() => {
    if (!missing) return;
    let live = true;
    for (const code of missing.split(',')) {
      dicts.items(code).then(
        (options) => {
          const list = options.map((o) => ({ value: String(o.value), text: o.text }));
          if (live) setLoaded((now) => ({ ...now, [code]: list }));
        },
        () => undefined, // a dictionary that fails leaves its select empty
      );
    }
    return () => {
      live = false;
    };
  }, [dicts, missing]);
  return (code: string) => dictOptions[code] ?? loaded[code] ?? [];
}

/**
 * The report's query form (widgets.md §2.10): a text box per `single` field (a dictionary
 * select when it has a dictCode), a begin/end pair per `group` field; 查询 submits, 重置 empties
 * the form and queries again; with more than three fields an expand/collapse toggle.
 */
export function ReportQueryForm({ items, dictOptions, onSearch }: ReportQueryFormProps) {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [expanded, setExpanded] = useState(false);
  const optionsOf = useQueryOptions(items, dictOptions);
  const set = (key: string, value: string | undefined) =>
    setDraft((now) => ({ ...now, [key]: value ?? '' }));
  const shown = expanded ? items : items.slice(0, COLLAPSED_FIELDS);
  const submit = () => onSearch({ ...draft });

  const control = (item: ReportQueryItem) => {
    if (item.mode === 'group') {
      const begin = `${item.field}_begin`;
      const end = `${item.field}_end`;
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={`${item.label}${LABEL_BEGIN}`}
            placeholder={LABEL_BEGIN}
            value={draft[begin] ?? ''}
            onChange={(e) => set(begin, e.target.value)}
            onPressEnter={submit}
          />
          <Input
            aria-label={`${item.label}${LABEL_END}`}
            placeholder={LABEL_END}
            value={draft[end] ?? ''}
            onChange={(e) => set(end, e.target.value)}
            onPressEnter={submit}
          />
        </Space.Compact>
      );
    }
    if (item.dictCode) {
      return (
        <Select
          aria-label={item.label}
          placeholder={`请选择${item.label}`}
          allowClear
          style={{ width: '100%' }}
          value={draft[item.field] || undefined}
          onChange={(value: string | undefined) => set(item.field, value)}
          options={optionsOf(item.dictCode).map((o) => ({ value: o.value, label: o.text }))}
        />
      );
    }
    return (
      <Input
        aria-label={item.label}
        placeholder={`请输入${item.label}`}
        value={draft[item.field] ?? ''}
        onChange={(e) => set(item.field, e.target.value)}
        onPressEnter={submit}
      />
    );
  };

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      style={{ marginBottom: 12 }}
    >
      <Row gutter={[16, 12]}>
        {shown.map((item) => (
          <Col key={item.field} xs={24} sm={12} md={8} lg={6}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span style={{ flex: 'none', whiteSpace: 'nowrap' }}>{item.label}：</span>
              <div style={{ flex: 1, minWidth: 0 }}>{control(item)}</div>
            </div>
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} lg={6}>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {LABEL_QUERY}
            </Button>
            <Button
              onClick={() => {
                setDraft({});
                onSearch({});
              }}
            >
              {LABEL_RESET}
            </Button>
            {items.length > COLLAPSED_FIELDS && (
              <Button type="link" onClick={() => setExpanded((on) => !on)}>
                {expanded ? LABEL_COLLAPSE : LABEL_EXPAND}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </form>
  );
}
