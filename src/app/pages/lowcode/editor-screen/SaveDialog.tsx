import { useState } from 'react';
import { Alert, Checkbox, Input, Modal, Space, Typography } from 'antd';
import type { SavePlan } from './use-save-flow';

export interface SaveDialogProps {
  readonly plan: SavePlan;
  /** The version the save starts from; null when creating the page. */
  readonly baseVersion: number | null;
  readonly saving: boolean;
  readonly onConfirm: (note: string, confirmDropColumns: readonly string[]) => void;
  readonly onCancel: () => void;
}

const sql = {
  margin: 0,
  padding: 8,
  maxHeight: 220,
  overflow: 'auto',
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/**
 * The last step of a save: which version it makes, the SQL it runs on the page's tables, a
 * confirmation per column it would drop (saving waits until each is ticked), a note.
 */
export function SaveDialog({ plan, baseVersion, saving, onConfirm, onCancel }: SaveDialogProps) {
  const [note, setNote] = useState('');
  const [drops, setDrops] = useState<readonly string[]>([]);
  const confirmed = plan.dropColumns.filter((c) => drops.includes(c));
  const allConfirmed = confirmed.length === plan.dropColumns.length;
  const { code, title } = plan.definition;
  return (
    <Modal
      open
      title={baseVersion === null ? '创建页面' : '保存页面'}
      okText={baseVersion === null ? '创建' : '保存'}
      cancelText="取消"
      okButtonProps={{ disabled: !allConfirmed, danger: plan.dropColumns.length > 0 }}
      confirmLoading={saving}
      maskClosable={false}
      onOk={() => onConfirm(note, confirmed)}
      onCancel={onCancel}
      width={640}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text>
          {baseVersion === null
            ? `将创建页面「${title}」（${code}），版本 1。`
            : `将把「${title}」（${code}）保存为版本 ${baseVersion + 1}（当前版本 ${baseVersion}）。`}
        </Typography.Text>
        {plan.notice && <Alert type="warning" showIcon message={plan.notice} />}
        {plan.ddl.length > 0 ? (
          <div>
            <Typography.Text strong>保存时将在数据库中执行以下 SQL：</Typography.Text>
            <pre style={sql} data-testid="save-ddl">
              {plan.ddl.join('\n')}
            </pre>
          </div>
        ) : (
          <Typography.Text type="secondary">数据表结构没有变化。</Typography.Text>
        )}
        {plan.dropColumns.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={`以下 ${plan.dropColumns.length} 列将被删除，列中的数据无法恢复`}
            description={
              <Space direction="vertical">
                {plan.dropColumns.map((column) => (
                  <Checkbox
                    key={column}
                    checked={drops.includes(column)}
                    onChange={(e) =>
                      setDrops((list) =>
                        e.target.checked ? [...list, column] : list.filter((c) => c !== column),
                      )
                    }
                  >
                    确认删除列 {column}
                  </Checkbox>
                ))}
                <Typography.Text type="secondary">
                  如需保留这些列，请取消保存，并在 table.columns 中保留它们。
                </Typography.Text>
              </Space>
            }
          />
        )}
        <Input.TextArea
          aria-label="修改说明"
          placeholder="本次修改的说明（可选）"
          value={note}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => setNote(e.target.value)}
        />
      </Space>
    </Modal>
  );
}
