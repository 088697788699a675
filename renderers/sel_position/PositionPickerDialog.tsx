import { Button, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Http } from '../../src/runtime/http';
import { cutText } from '../shared/ellipsis';
import type { Picked } from '../shared/pickers/ids';
import { PickerDialog } from '../shared/pickers/PickerDialog';
import { usePickerPage } from '../shared/pickers/use-picker-page';

export const TITLE_POSITION_PICKER = '选择职务';
/** The picker's list (server/modules/position/picker.ts). */
export const POSITION_LIST_URL = '/sys/position/queryPickerList';
/** widgets.md §9: the position picker is 1000 wide. */
const DIALOG_WIDTH = 1000;
/** widgets.md §9: the generic picker's page size 5 (options 5, 10, 20, 30). */
const PAGE_SIZE = 5;
const PAGE_SIZE_OPTIONS = ['5', '10', '20', '30'];
/** widgets.md §9: picker tables scroll after 240px; texts cut after 12 width units. */
const TABLE_SCROLL_Y = 240;
const PICKER_ELLIPSIS = 12;

interface PickerPosition {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly rank_dictText: string | null;
}

const cut = (text: string | null) => (
  <span title={text ?? ''}>{cutText(text ?? '', PICKER_ELLIPSIS)}</span>
);

const COLUMNS: TableColumnsType<PickerPosition> = [
  { title: '职务名称', dataIndex: 'name', render: cut },
  { title: '职务编码', dataIndex: 'code', render: cut },
  { title: '职级', dataIndex: 'rank_dictText', render: cut },
];

const NO_SEARCH = { name: '' };

export interface PositionPickerDialogProps {
  readonly http: Http;
  /** Several positions (a row click toggles) or one (a click replaces). */
  readonly multi: boolean;
  /** The positions chosen when the dialog opened (by code). */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/**
 * The position picker (widgets.md §2.11): a search by name, the positions page by page (name,
 * code, rank) and the picked list; a position is picked by its code. The caller mounts it while
 * it is open, so every opening starts from `initial`.
 */
export function PositionPickerDialog(props: PositionPickerDialogProps) {
  const { http, multi } = props;
  const [picked, setPicked] = useState<readonly Picked[]>(props.initial);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState(NO_SEARCH);
  const list = usePickerPage<PickerPosition>(http, POSITION_LIST_URL, search, PAGE_SIZE);

  const searchBy = (name: string) => {
    setSearch({ name });
    list.restart();
  };
  const isPicked = (code: string) => picked.some((p) => p.id === code);
  const pick = (rows: readonly PickerPosition[], on: boolean) => {
    const items = rows.map((r) => ({ id: r.code, text: r.name }));
    if (!multi) {
      if (on && items[0]) setPicked([items[0]]);
      return;
    }
    setPicked((now) =>
      on
        ? [...now, ...items.filter((i) => !now.some((p) => p.id === i.id))]
        : now.filter((p) => !items.some((i) => i.id === p.id)),
    );
  };

  return (
    <PickerDialog
      title={TITLE_POSITION_PICKER}
      width={DIALOG_WIDTH}
      picked={picked}
      onRemove={(code) => setPicked((now) => now.filter((p) => p.id !== code))}
      onOk={() => props.onOk(picked)}
      onCancel={props.onCancel}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label="职务名称"
          placeholder="请输入职务名称"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => searchBy(typed)}
          style={{ width: 200 }}
        />
        <Button type="primary" onClick={() => searchBy(typed)}>
          查询
        </Button>
        <Button
          onClick={() => {
            setTyped('');
            searchBy('');
          }}
        >
          重置
        </Button>
      </Space>
      <Table<PickerPosition>
        size="small"
        rowKey="code"
        columns={COLUMNS}
        dataSource={list.page.records as PickerPosition[]}
        loading={list.loading}
        scroll={{ y: TABLE_SCROLL_Y }}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: picked.map((p) => p.id),
          preserveSelectedRowKeys: true,
          onSelect: (row, on) => pick([row], on),
          onSelectAll: (on, _rows, changed) => pick(changed, on),
        }}
        onRow={(row) => ({
          // A click on the row's own box is the box's (onSelect), not a second toggle.
          onClick: (event) => {
            const target = event.target as HTMLElement;
            if (!target.closest('.ant-table-selection-column')) {
              pick([row], !multi || !isPicked(row.code));
            }
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: list.paging.current,
          pageSize: list.paging.pageSize,
          total: list.page.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          size: 'small',
          onChange: (current, pageSize) => list.setPaging({ current, pageSize }),
        }}
      />
    </PickerDialog>
  );
}
