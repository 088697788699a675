import { InfoCircleFilled } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import type { CSSProperties } from 'react';
import { totalText } from '../../../registry/engine/messages';
import type { ReportHead, ReportRecord } from '../../../src/runtime/report-client';
import { LABEL_CLEAR_SELECTION, LABEL_REFRESH, selectedText } from './messages';
import { ReportQueryForm } from './ReportQueryForm';
import { reportRowKey } from './row-key';
import { REPORT_PAGE_SIZE_OPTIONS, type ReportState } from './use-report';
import './report.css';

/** widgets.md §2.10: the report's table is at least 300px high. */
export const REPORT_TABLE_MIN_HEIGHT = 300;

export interface ReportViewProps {
  readonly report: ReportState;
  /** Row selection: checkboxes (several) or radios (one); none on a plain report screen. */
  readonly selection?: 'checkbox' | 'radio';
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

function columnsOf(head: ReportHead, report: ReportState): TableColumnsType<ReportRecord> {
  return head.columns.map((column) => {
    const options = column.customRender ? head.dictOptions[column.customRender] : undefined;
    const sorted = report.sort?.column === column.dataIndex ? report.sort.order : null;
    return {
      key: column.dataIndex,
      title: column.title,
      dataIndex: column.dataIndex,
      align: column.align,
      width: column.width,
      ellipsis: true,
      sorter: column.sorter === true,
      sortOrder: sorted === 'asc' ? 'ascend' : sorted === 'desc' ? 'descend' : null,
      render: (value: unknown) => {
        const text = cellText(value);
        if (!options) return text;
        // A dictionary column (customRender): each comma-joined value shows as its text.
        return text
          .split(',')
          .map((v) => options.find((o) => o.value === v)?.text ?? v)
          .join(',');
      },
    };
  });
}

/**
 * An online report (widgets.md §2.10), shared by the report picker and the report screen: its
 * query form, the banner with the selection's count and a clear action (and a refresh when there
 * is no query form), and the paged, sortable table. With a selection a click on a row toggles it.
 */
export function ReportView({ report, selection }: ReportViewProps) {
  const { head, page, paging, items } = report;
  const single = selection === 'radio';
  const selectedKeys = [...report.selected.keys()];

  const onChange: TableProps<ReportRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = typeof one?.field === 'string' ? one.field : null;
      report.setSort(
        column && one?.order ? { column, order: one.order === 'ascend' ? 'asc' : 'desc' } : null,
      );
      report.setPaging((p) => ({ ...p, current: 1 }));
      return;
    }
    report.setPaging({
      current: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? paging.pageSize,
    });
  };

  return (
    <div className="sa-report">
      {head && items.length > 0 && (
        <ReportQueryForm items={items} dictOptions={head.dictOptions} onSearch={report.search} />
      )}
      {selection && (
        <div className="sa-report-banner" role="status">
          <InfoCircleFilled style={{ color: '#1677ff' }} />
          <span>{selectedText(selectedKeys.length)}</span>
          <Space size={4}>
            <Button type="link" size="small" onClick={report.clearSelection}>
              {LABEL_CLEAR_SELECTION}
            </Button>
            {items.length === 0 && (
              <Button type="link" size="small" onClick={report.reload}>
                {LABEL_REFRESH}
              </Button>
            )}
          </Space>
        </div>
      )}
      <div
        className="sa-report-table"
        style={{ '--sa-report-min-height': `${REPORT_TABLE_MIN_HEIGHT}px` } as CSSProperties}
      >
        <Table<ReportRecord>
          size="middle"
          rowKey={reportRowKey}
          columns={head ? columnsOf(head, report) : []}
          dataSource={page.records as ReportRecord[]}
          loading={report.loading}
          scroll={{ x: 'max-content' }}
          onChange={onChange}
          rowSelection={
            selection && {
              type: selection,
              selectedRowKeys: selectedKeys,
              preserveSelectedRowKeys: true,
              onSelect: (row, on) => report.select([row], on, single),
              onSelectAll: (on, _rows, changed) => report.select(changed, on, single),
            }
          }
          onRow={
            selection &&
            ((row) => ({
              // A click on the row's own box is the box's (onSelect), not a second toggle.
              onClick: (event) => {
                const target = event.target as HTMLElement;
                if (target.closest('.ant-table-selection-column')) return;
                report.select([row], !report.selected.has(reportRowKey(row)), single);
              },
              style: { cursor: 'pointer' },
            }))
          }
          pagination={{
            current: paging.current,
            pageSize: paging.pageSize,
            total: page.total,
            pageSizeOptions: REPORT_PAGE_SIZE_OPTIONS,
            showQuickJumper: true,
            showSizeChanger: true,
            showTotal: totalText,
          }}
        />
      </div>
    </div>
  );
}
