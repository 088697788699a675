import { Button, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Http } from '../../src/runtime/http';
import { cutText } from '../shared/ellipsis';
import type { Picked } from '../shared/pickers/ids';
import { PickerDialog } from '../shared/pickers/PickerDialog';
import { usePickerPage } from '../shared/pickers/use-picker-page';

export const TITLE_ROLE_PICKER = '选择角色';
/** The picker's list (server/modules/role/picker.ts). */
export const ROLE_LIST_URL = '/sys/role/queryPickerList';
/** widgets.md §9: the generic picker is 900 wide. */
const DIALOG_WIDTH = 900;
/** widgets.md §9: the generic picker's page size 5 (options 5, 10, 20, 30). */
const PAGE_SIZE = 5;
const PAGE_SIZE_OPTIONS = ['5', '10', '20', '30'];
/** widgets.md §9: picker tables scroll after 240px; texts cut after 12 width units. */
const TABLE_SCROLL_Y = 240;
const PICKER_ELLIPSIS = 12;

interface PickerRole {
  readonly id: string;
  readonly roleName: string;
  readonly roleCode: string;
}

const cut = (text: string | null) => (
  <span title={text ?? ''}>{cutText(text ?? '', PICKER_ELLIPSIS)}</span>
);

const COLUMNS: TableColumnsType<PickerRole> = [
  { title: '角色名称', dataIndex: 'roleName', render: cut },
  { title: '角色编码', dataIndex: 'roleCode', render: cut },
];

const NO_SEARCH = { roleName: '' };

export interface RolePickerDialogProps {
  readonly http: Http;
  /** Several roles (a row click toggles) or one (a click replaces). */
  readonly multi: boolean;
  /** What is held for a role: its id or its code. */
  readonly valueField: 'id' | 'roleCode';
  /** The roles chosen when the dialog opened. */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/**
 * The role picker (widgets.md §2.11): a search by name, the roles page by page (name, code)
 * and the picked list; a role is picked by its id or its code. The caller mounts it while it
 * is open, so every opening starts from `initial`.
 */
export function RolePickerDialog(props: RolePickerDialogProps) {
  const { http, multi, valueField } = props;
  const [picked, setPicked] = useState<readonly Picked[]>(props.initial);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState(NO_SEARCH);
  const list = usePickerPage<PickerRole>(http, ROLE_LIST_URL, search, PAGE_SIZE);

  const searchBy = (roleName: string) => {
    setSearch({ roleName });
    list.restart();
  };
  const isPicked = (key: string) => picked.some((p) => p.id === key);
  const pick = (rows: readonly PickerRole[], on: boolean) => {
    const items = rows.map((r) => ({ id: r[valueField], text: r.roleName }));
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
      title={TITLE_ROLE_PICKER}
      width={DIALOG_WIDTH}
      picked={picked}
      onRemove={(key) => setPicked((now) => now.filter((p) => p.id !== key))}
      onOk={() => props.onOk(picked)}
      onCancel={props.onCancel}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label="角色名称"
          placeholder="请输入角色名称"
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
      <Table<PickerRole>
        size="small"
        rowKey={valueField}
        columns={COLUMNS}
        dataSource={list.page.records as PickerRole[]}
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
              pick([row], !multi || !isPicked(row[valueField]));
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
