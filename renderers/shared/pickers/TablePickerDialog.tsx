import { Button, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Http } from '../../../src/runtime/http';
import { cutText } from '../ellipsis';
import type { Picked } from './ids';
import { PickerDialog } from './PickerDialog';
import { usePickerPage } from './use-picker-page';

/** widgets.md §9: the generic picker's page size 5 (options 5, 10, 20, 30). */
const PAGE_SIZE = 5;
const PAGE_SIZE_OPTIONS = ['5', '10', '20', '30'];
/** widgets.md §9: picker tables scroll after 240px; texts cut after 12 width units. */
const TABLE_SCROLL_Y = 240;
const PICKER_ELLIPSIS = 12;

/** A table cell's text, cut after 12 width units (whole in a title). */
export const pickerCell = (text: string | null) => (
  <span title={text ?? ''}>{cutText(text ?? '', PICKER_ELLIPSIS)}</span>
);

export interface TablePickerDialogProps<T extends object> {
  readonly http: Http;
  readonly title: string;
  readonly width: number;
  /** The paged list (answers `{records, total}`). */
  readonly url: string;
  /** The list parameter the search box fills, and the box's label (…名称). */
  readonly searchParam: string;
  readonly searchLabel: string;
  readonly columns: TableColumnsType<T>;
  /** What is held for a row, and what the picked list shows for it. */
  readonly keyOf: (row: T) => string;
  readonly textOf: (row: T) => string;
  /** Several (a row click toggles) or one (a click replaces). */
  readonly multi: boolean;
  /** The values chosen when the dialog opened. */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/**
 * The generic table picker of widgets.md §2.11 (roles, positions): a search box, the rows page
 * by page (5 a page) and the picked list. The caller mounts it while it is open, so every
 * opening starts from `initial`.
 */
export function TablePickerDialog<T extends object>(props: TablePickerDialogProps<T>) {
  const { http, multi, keyOf, searchParam } = props;
  const [picked, setPicked] = useState<readonly Picked[]>(props.initial);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<Readonly<Record<string, string>>>({ [searchParam]: '' });
  const list = usePickerPage<T>(http, props.url, search, PAGE_SIZE);

  const searchBy = (text: string) => {
    setSearch({ [searchParam]: text });
    list.restart();
  };
  const isPicked = (key: string) => picked.some((p) => p.id === key);
  const pick = (rows: readonly T[], on: boolean) => {
    const items = rows.map((r) => ({ id: keyOf(r), text: props.textOf(r) }));
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
      title={props.title}
      width={props.width}
      picked={picked}
      onRemove={(key) => setPicked((now) => now.filter((p) => p.id !== key))}
      onOk={() => props.onOk(picked)}
      onCancel={props.onCancel}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label={props.searchLabel}
          placeholder={`请输入${props.searchLabel}`}
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
      <Table<T>
        size="small"
        rowKey={keyOf}
        columns={props.columns}
        dataSource={list.page.records as T[]}
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
              pick([row], !multi || !isPicked(keyOf(row)));
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
