import { useEffect, useState } from 'react';
import { App, AutoComplete, Button, Popover, Space, Typography } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import type { DraftFromTableResult } from '../../../../contracts/page-api';
import type { Outcome } from '../model/page-store';

export interface FromTableButtonProps {
  readonly disabled: boolean;
  readonly draftFromTable: (table: string) => Promise<Outcome<DraftFromTableResult>>;
  /** The tables the server lets 从表生成 read (the picker's choices; a name can be typed too). */
  readonly draftTables: () => Promise<Outcome<string[]>>;
  /** The draft the server made; replaces the page being created (one undo step). */
  readonly onDraft: (result: DraftFromTableResult) => void;
}

/**
 * 从表生成 (a new page only): the server drafts the page from an existing table — a page table
 * or one of DESIGNER_TABLES — and the draft replaces the template; nothing is saved.
 */
export function FromTableButton({
  disabled,
  draftFromTable,
  draftTables,
  onDraft,
}: FromTableButtonProps) {
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [table, setTable] = useState('');
  const [busy, setBusy] = useState(false);
  const [tables, setTables] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    // Read each time the picker opens: a page saved meanwhile has a new table.
    void draftTables().then((outcome) => {
      if (live && outcome.ok) setTables(outcome.result);
    });
    return () => {
      live = false;
    };
  }, [open, draftTables]);
  const typed = table.trim().toLowerCase();
  const choices = (tables ?? [])
    .filter((name) => name.includes(typed))
    .map((name) => ({ value: name }));

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
          <AutoComplete
            aria-label="表名"
            placeholder={tables === null ? '表名' : `表名（可选 ${tables.length} 张）`}
            value={table}
            autoFocus
            options={choices}
            style={{ width: '100%' }}
            notFoundContent={tables === null ? '加载中…' : '没有可用的表'}
            onChange={setTable}
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
