import { Table, Tree, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Http } from '../../src/runtime/http';
import { cutText } from '../shared/ellipsis';
import type { Picked } from '../shared/pickers/ids';
import { PickerDialog } from '../shared/pickers/PickerDialog';
import { userText } from './user-names';
import { treeDataOf, useDepartTree } from '../shared/pickers/depart-tree';
import { UserFilterBar } from './UserFilterBar';
import {
  NO_FILTERS,
  NO_SEARCH,
  PAGE_SIZE_OPTIONS,
  SEX_TEXT,
  useUserPage,
  type PickerUser,
  type UserSearch,
} from './user-list';

export const TITLE_USER_PICKER = '选择用户';
/** widgets.md §9: the users-by-department dialog is 1250 wide. */
const DIALOG_WIDTH = 1250;
/** widgets.md §9: picker tables scroll after 240px. */
const TABLE_SCROLL_Y = 240;
/**
 * On a phone the dialog's content keeps a desktop width and scrolls sideways (§2.11): the tree,
 * the six columns and the picked list need this much for the columns to stay readable.
 */
const PHONE_CONTENT_WIDTH = 1150;
/** widgets.md §9: user texts in pickers are cut after 25 width units. */
const USER_ELLIPSIS = 25;

const cut = (text: string | null) => (
  <span title={text ?? ''}>{cutText(text ?? '', USER_ELLIPSIS)}</span>
);

/** widgets.md §2.11: username, realname, phone, birthday, sex, orgCodeTxt. */
const COLUMNS: TableColumnsType<PickerUser> = [
  { title: '账号', dataIndex: 'username', render: cut },
  { title: '姓名', dataIndex: 'realname', render: cut },
  // As the server answers it: masked unless the caller may read it in full.
  { title: '手机号', dataIndex: 'phone', width: 120 },
  { title: '生日', dataIndex: 'birthday', width: 110 },
  {
    title: '性别',
    dataIndex: 'sex',
    width: 60,
    render: (sex: number | null) => (sex ? (SEX_TEXT[sex] ?? '') : ''),
  },
  { title: '部门', dataIndex: 'orgCodeTxt', render: cut },
];

export interface UserPickerDialogProps {
  readonly http: Http;
  /** Several people (a row click toggles) or one (a click replaces). */
  readonly multi: boolean;
  /** The people chosen when the dialog opened. */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/**
 * The users-by-department dialog (widgets.md §2.11): the department tree, a search by account
 * and name, the pickable users page by page, and the picked list. The caller mounts it while
 * it is open, so every opening starts from `initial`.
 */
export function UserPickerDialog(props: UserPickerDialogProps) {
  const { http, multi } = props;
  const [picked, setPicked] = useState<readonly Picked[]>(props.initial);
  const [typed, setTyped] = useState(NO_FILTERS);
  const [search, setSearch] = useState<UserSearch>(NO_SEARCH);
  const tree = useDepartTree(http);
  const { page, loading, paging, setPaging, restart } = useUserPage(http, search);

  const searchBy = (next: UserSearch) => {
    setSearch(next);
    restart();
  };
  const isPicked = (id: string) => picked.some((p) => p.id === id);
  const pick = (rows: readonly PickerUser[], on: boolean) => {
    const items = rows.map((r) => ({ id: r.id, text: userText(r) }));
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
  const toggle = (row: PickerUser) => pick([row], !multi || !isPicked(row.id));

  return (
    <PickerDialog
      title={TITLE_USER_PICKER}
      width={DIALOG_WIDTH}
      phoneContentWidth={PHONE_CONTENT_WIDTH}
      picked={picked}
      onRemove={(id) => setPicked((now) => now.filter((p) => p.id !== id))}
      onOk={() => props.onOk(picked)}
      onCancel={props.onCancel}
    >
      <div style={{ display: 'flex', gap: 16 }}>
        <nav
          aria-label="部门"
          style={{ width: 220, flex: 'none', maxHeight: 420, overflow: 'auto' }}
        >
          {/* Drawn once loaded, so the whole tree starts expanded. */}
          {tree.length > 0 && (
            <Tree
              blockNode
              defaultExpandAll
              treeData={treeDataOf(tree)}
              selectedKeys={search.departId ? [search.departId] : []}
              onSelect={(keys) =>
                searchBy({ ...search, departId: keys[0] ? String(keys[0]) : null })
              }
            />
          )}
        </nav>
        <div style={{ flex: 1, minWidth: 0 }}>
          <UserFilterBar
            typed={typed}
            onType={setTyped}
            onSearch={(filters) => searchBy({ ...search, ...filters })}
          />
          <Table<PickerUser>
            size="small"
            rowKey="id"
            columns={COLUMNS}
            dataSource={page.records as PickerUser[]}
            loading={loading}
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
                if (!target.closest('.ant-table-selection-column')) toggle(row);
              },
              style: { cursor: 'pointer' },
            })}
            pagination={{
              current: paging.current,
              pageSize: paging.pageSize,
              total: page.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              size: 'small',
              onChange: (current, pageSize) => setPaging({ current, pageSize }),
            }}
          />
        </div>
      </div>
    </PickerDialog>
  );
}
