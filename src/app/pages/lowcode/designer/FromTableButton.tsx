import { useState } from 'react';
import { App, Button, Input, Popover, Space, Typography } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import type { DraftFromTableResult } from '../../../../contracts/page-api';
import type { Outcome } from '../model/page-store';

export interface FromTableButtonProps {
  readonly disabled: boolean;
  readonly draftFromTable: (table: string) => Promise<Outcome<DraftFromTableResult>>;
  /** The draft the server made; replaces the page being created (one undo step). */
  readonly onDraft: (result: DraftFromTableResult) => void;
}

/**
 * 从表生成 (a new page only): the server drafts the page from an existing table — a page table
 * or one of DESIGNER_TABLES — and the draft replaces the template; nothing is saved.
 */
export function FromTableButton({ disabled, draftFromTable, onDraft }: FromTableButtonProps) {
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [table, setTable] = useState('');
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    const name = table.trim();
    if (!name) return;
    setBusy(true);
    const outcome = await draftFromTable(name);
    setBusy(false);
    if (!outcome.ok) {
      if (!outcome.presented) void message.error(outcome.message);
      return;
    }
    setOpen(false);
    onDraft(outcome.result);
    if (outcome.result.notes.length > 0) {
      modal.info({
        title: `已从表 ${name} 生成页面`,
        content: (
          <ul style={{ paddingLeft: 18, margin: 0 }}>
            {outcome.result.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ),
      });
    } else {
      void message.success(`已从表 ${name} 生成页面`);
    }
  };

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title="从表生成"
      destroyOnHidden
      content={
        <Space direction="vertical" style={{ width: 260 }}>
          <Typography.Text type="secondary">
            页面的表或 DESIGNER_TABLES 中的表；生成的页面替换当前内容，可撤销。
          </Typography.Text>
          <Input
            aria-label="表名"
            placeholder="表名"
            value={table}
            autoFocus
            onChange={(e) => setTable(e.target.value)}
            onPressEnter={() => void generate()}
          />
          <Button
            type="primary"
            block
            loading={busy}
            disabled={!table.trim()}
            onClick={() => void generate()}
          >
            生成
          </Button>
        </Space>
      }
    >
      <Button size="small" icon={<DatabaseOutlined />} disabled={disabled}>
        从表生成
      </Button>
    </Popover>
  );
}
