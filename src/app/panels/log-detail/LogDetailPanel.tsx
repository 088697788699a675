import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Empty, Spin, Table, Tag } from 'antd';
import type { PanelProps } from '../../../../registry/engine';
import {
  diffOf,
  LOG_CHANGE_LIMIT,
  LOG_TYPE_LOGIN,
  LOGIN_EVENT_TEXT,
  OPERATE_TYPE_TEXT,
  type LogChange,
  type LogDiffField,
  type LoginEvent,
} from '../../../contracts/system-log';
import { useServices } from '../../services';
import styles from './LogDetailPanel.module.css';

/** A log row as `GET /sys/log/queryById` answers it. */
interface LogDetail {
  readonly id: string;
  readonly logType: number;
  readonly event: LoginEvent | null;
  readonly operateType: number | null;
  readonly logContent: string;
  readonly username: string | null;
  readonly ip: string | null;
  readonly method: string | null;
  readonly requestUrl: string | null;
  readonly requestType: string | null;
  readonly permissionCode: string | null;
  readonly createTime: string | null;
  readonly changeCount: number;
  readonly changesTruncated: boolean;
  readonly changes: readonly LogChange[];
}

const OP_TEXT: Readonly<Record<LogChange['op'], { text: string; color: string }>> = {
  insert: { text: '新增', color: 'green' },
  update: { text: '修改', color: 'blue' },
  delete: { text: '删除', color: 'red' },
};

/** A stored value as one line of text; empty as —. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ChangeCard({ change }: { readonly change: LogChange }) {
  const op = OP_TEXT[change.op];
  return (
    <Card
      size="small"
      className={styles.change}
      title={
        <span>
          <Tag color={op.color}>{op.text}</Tag>
          {change.table}
          {change.id ? <span className={styles.rowId}> #{change.id}</span> : null}
        </span>
      }
    >
      <Table<LogDiffField>
        size="small"
        rowKey="field"
        pagination={false}
        // Fixed layout: three columns share the drawer's width at any size; values wrap.
        tableLayout="fixed"
        dataSource={diffOf(change)}
        columns={[
          { title: '字段', dataIndex: 'field', width: '30%', className: styles.field },
          {
            title: '修改前',
            dataIndex: 'before',
            render: (value: unknown) => <span className={styles.before}>{valueText(value)}</span>,
          },
          {
            title: '修改后',
            dataIndex: 'after',
            render: (value: unknown) => <span className={styles.after}>{valueText(value)}</span>,
          },
        ]}
      />
    </Card>
  );
}

/** 日志管理 → 详情: who, when, where from, and for an operation each changed row, field by field. */
export default function LogDetailPanel({ row }: PanelProps) {
  const { http } = useServices();
  const id = typeof row?.id === 'string' ? row.id : null;
  const [detail, setDetail] = useState<LogDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    http.get<LogDetail>('/sys/log/queryById', { id }).then(
      (envelope) => {
        if (!live) return;
        if (envelope.success) setDetail(envelope.result);
        else setProblem(envelope.message);
      },
      () => undefined, // shown by the runtime
    );
    return () => {
      live = false;
    };
  }, [http, id]);

  if (problem) return <Alert type="warning" showIcon message={problem} />;
  if (!detail) return <Spin />;
  const login = detail.logType === LOG_TYPE_LOGIN;
  const kind = login
    ? detail.event
      ? LOGIN_EVENT_TEXT[detail.event]
      : '—'
    : detail.operateType
      ? (OPERATE_TYPE_TEXT[detail.operateType] ?? '—')
      : '—';
  return (
    <div className={styles.panel}>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}>
        <Descriptions.Item label="时间">{valueText(detail.createTime)}</Descriptions.Item>
        <Descriptions.Item label={login ? '登录事件' : '操作类型'}>{kind}</Descriptions.Item>
        <Descriptions.Item label="用户账号">{valueText(detail.username)}</Descriptions.Item>
        <Descriptions.Item label="IP">{valueText(detail.ip)}</Descriptions.Item>
        <Descriptions.Item label="日志内容" span={2}>
          {detail.logContent}
        </Descriptions.Item>
        {login ? null : (
          <>
            <Descriptions.Item label="接口">
              {valueText(detail.requestType)} {valueText(detail.method)}
            </Descriptions.Item>
            <Descriptions.Item label="权限编码">
              {valueText(detail.permissionCode)}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      {login ? null : (
        <>
          {detail.changesTruncated ? (
            <Alert
              className={styles.note}
              type="info"
              showIcon
              message={`本次操作改动超过 ${LOG_CHANGE_LIMIT} 行，仅显示前 ${LOG_CHANGE_LIMIT} 行`}
            />
          ) : null}
          {detail.changes.length === 0 ? (
            <Empty description="没有记录到字段变更" />
          ) : (
            detail.changes.map((change, index) => <ChangeCard key={index} change={change} />)
          )}
        </>
      )}
    </div>
  );
}
