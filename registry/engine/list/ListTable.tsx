import { useMemo, type Key } from 'react';
import { Table, type TableProps } from 'antd';
import type {
  ActionDefinition,
  FieldDefinition,
  PageDefinition,
} from '../../../src/contracts/page';
import { useNarrow } from '../../use-media';
import { totalText } from '../messages';
import { listOptions, treeOptions } from '../page-model';
import type { TreeRows } from '../tree/use-tree-rows';
import type { OptionsByField } from '../../use-field-options';
import { tableColumns } from './columns';
import { rowKeyOf, type Row } from './row';
import type { ListData } from './use-list-data';

export interface ListTableProps {
  readonly page: PageDefinition;
  readonly list: ListData;
  /** Tree lists: the rows with their loaded children; null for flat lists. */
  readonly tree: TreeRows | null;
  readonly options: OptionsByField;
  /** The row actions the user may see. */
  readonly rowActions: readonly ActionDefinition[];
  readonly onRowAction: (action: ActionDefinition, row: Row) => void;
}

const NOT_ANSWERED = { emptyText: <div style={{ height: 120 }} aria-hidden /> } as const;

/** Tree lists show the title field first: the expander sits in the first column. */
function columnOrder(page: PageDefinition): readonly FieldDefinition[] {
  if (page.kind !== 'tree-list') return page.fields;
  const { titleField } = treeOptions(page);
  const title = page.fields.filter((f) => f.name === titleField);
  return [...title, ...page.fields.filter((f) => f.name !== titleField)];
}

/**
 * The table of a list page: columns from the list fields and the row actions, server paging
 * and sorting, row selection, and the expanders of a tree list.
 */
export function ListTable({ page, list, tree, options, rowActions, onRowAction }: ListTableProps) {
  const settings = listOptions(page);
  const narrow = useNarrow();
  const columns = useMemo(
    () =>
      tableColumns(
        columnOrder(page),
        options,
        list.request.sort,
        rowActions,
        onRowAction,
        narrow,
        list.records,
      ),
    [page, options, list.request.sort, rowActions, onRowAction, narrow, list.records],
  );

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      list.change({
        pageNo: 1,
        sort: sorter.order
          ? {
              column: String(sorter.columnKey ?? sorter.field),
              order: sorter.order === 'ascend' ? 'asc' : 'desc',
            }
          : { column: settings.sortColumn, order: settings.sortOrder },
      });
    } else if (extra.action === 'paginate') {
      list.change({
        pageNo: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? settings.pageSize,
      });
    }
  };

  return (
    <Table<Row>
      size="middle"
      bordered
      rowKey={(row) => rowKeyOf(row, settings.rowKey)}
      loading={list.loading}
      // Before the first answer the table is a frame under the spinner, not 暂无数据.
      locale={list.answered ? undefined : NOT_ANSWERED}
      dataSource={tree ? [...tree.rows] : [...list.records]}
      columns={columns}
      scroll={{ x: 'max-content' }}
      onChange={onChange}
      rowSelection={
        settings.selection === 'none'
          ? undefined
          : {
              type: settings.selection,
              selectedRowKeys: [...list.selectedKeys],
              onChange: (keys: Key[]) => list.setSelectedKeys(keys),
              checkStrictly: true,
            }
      }
      expandable={
        tree
          ? {
              expandedRowKeys: [...tree.expandedKeys],
              onExpand: (expanded, row) => tree.onExpand(expanded, row),
            }
          : undefined
      }
      pagination={{
        current: list.request.pageNo,
        pageSize: list.request.pageSize,
        total: list.total,
        pageSizeOptions: settings.pageSizeOptions.map(String),
        showQuickJumper: true,
        showSizeChanger: true,
        showTotal: totalText,
      }}
    />
  );
}
