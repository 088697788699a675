import { useState } from 'react';
import { Alert, Button, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { inputOf, type ReportDraft } from './draft';
import type { ReportRow, ReportStore } from './report-store';

export interface PreviewPanelProps {
  readonly store: ReportStore;
  readonly draft: ReportDraft;
}

interface Shown {
  readonly records: readonly ReportRow[];
  readonly total: number;
  readonly pageNo: number;
  readonly pageSize: number;
}

/** Rows of a report have no key of their own: their place on the page is one. */
const ROW_KEY = '__previewRow';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * 预览: runs the draft as it is now, not saved, through the server's check and read-only run,
 * with a value for each parameter; shows a page of rows in a plain table.
 */
export function PreviewPanel({ store, draft }: PreviewPanelProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const input = inputOf(draft);

  const run = async (pageNo: number, pageSize: number) => {
    if (!input.sql.trim()) {
      setError('请先填写报表SQL');
      return;
    }
    setLoading(true);
    const query: Record<string, string> = {};
    for (const param of input.params) {
      const value = values[param.name];
      if (value !== undefined) query[`self_${param.name}`] = value;
    }
    const outcome = await store.preview({
      definition: { sql: input.sql, items: input.items, params: input.params },
      query,
      pageNo,
      pageSize,
    });
    setLoading(false);
    if (outcome.ok) {
      setError(null);
      setShown({ records: outcome.result.records, total: outcome.result.total, pageNo, pageSize });
    } else {
      setError(outcome.message);
    }
  };

  const configured = input.items.filter((item) => item.show !== false);
  const fields =
    configured.length > 0
      ? configured.map((item) => ({ field: item.field, title: item.title }))
      : Object.keys(shown?.records[0] ?? {}).map((field) => ({ field, title: field }));
  const columns: ColumnsType<ReportRow> = fields.map(({ field, title }) => ({
    title,
    dataIndex: field,
    key: field,
    ellipsis: true,
    render: cellText,
  }));

  return (
    <div data-testid="report-preview">
      <Space wrap style={{ marginBottom: 12 }}>
        {input.params.map((param) => (
          <Input
            key={param.name}
            aria-label={`预览参数 ${param.title}`}
            addonBefore={param.title}
            placeholder={param.default ?? ''}
            value={values[param.name] ?? param.default ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [param.name]: e.target.value }))}
            style={{ width: 240 }}
          />
        ))}
        <Button type="primary" loading={loading} onClick={() => void run(1, shown?.pageSize ?? 10)}>
          运行预览
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {shown && (
        <Table<ReportRow>
          rowKey={ROW_KEY}
          size="small"
          loading={loading}
          dataSource={shown.records.map((record, index) => ({ ...record, [ROW_KEY]: index }))}
          columns={columns}
          scroll={{ x: Math.max(columns.length * 140, 320) }}
          pagination={{
            current: shown.pageNo,
            pageSize: shown.pageSize,
            total: shown.total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (total) => `共 ${total} 条`,
            onChange: (pageNo, pageSize) => void run(pageNo, pageSize),
          }}
        />
      )}
    </div>
  );
}
