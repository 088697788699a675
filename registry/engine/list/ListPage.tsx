import { useCallback, useMemo, useState, type Key } from 'react';
import { Alert, App, Card, Table, type TableProps } from 'antd';
import type {
  ActionDefinition,
  FieldDefinition,
  PageDefinition,
} from '../../../src/contracts/page';
import { useEngine } from '../context';
import { FormDialog, type DialogRequest } from '../form/FormDialog';
import { useNarrow } from '../form/use-narrow';
import { missingUrlMessage, totalText } from '../messages';
import {
  URL_NAMES,
  allowed,
  listOptions,
  pageUrls,
  rowActions,
  toolbarActions,
  treeOptions,
} from '../page-model';
import { useTreeRows } from '../tree/use-tree-rows';
import { useFieldOptions } from '../use-field-options';
import { tableColumns } from './columns';
import { ImportModal } from './ImportModal';
import { QueryForm } from './QueryForm';
import { queryParams } from './query-params';
import { rowKeyOf, type Row } from './row';
import { Toolbar } from './Toolbar';
import { useListActions } from './use-list-actions';
import { useListData } from './use-list-data';

/** Tree lists show the title field first: the expander sits in the first column. */
function columnOrder(page: PageDefinition): readonly FieldDefinition[] {
  if (page.kind !== 'tree-list') return page.fields;
  const { titleField } = treeOptions(page);
  const title = page.fields.filter((f) => f.name === titleField);
  return [...title, ...page.fields.filter((f) => f.name !== titleField)];
}

/**
 * A list page (kinds list, tree-list, master-detail): query form, toolbar, table with server
 * paging and sorting, row actions, the form dialog and the import dialog.
 */
export function ListPage({ page }: { readonly page: PageDefinition }) {
  const { registry, can } = useEngine();
  const { message } = App.useApp();
  const urls = useMemo(() => pageUrls(page), [page]);
  const options = listOptions(page);
  const isTree = page.kind === 'tree-list';
  const fieldOptions = useFieldOptions(page.fields).options;
  const list = useListData(page, urls.list, (filters) => {
    if (!isTree || Object.keys(filters).length > 0) return {};
    const tree = treeOptions(page);
    return { [tree.parentField]: tree.rootValue };
  });
  const actions = useListActions(page, urls, list);
  const tree = useTreeRows(page, urls, list.records, isTree);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [importing, setImporting] = useState(false);
  const toolbar = useMemo(() => allowed(page, toolbarActions(page), can), [page, can]);
  const rowButtons = useMemo(() => allowed(page, rowActions(page), can), [page, can]);

  const onToolbar = (action: ActionDefinition) => {
    switch (action.key) {
      case 'add':
        return setDialog({ mode: 'add' });
      case 'batchDelete':
        return actions.batchDelete();
      case 'export':
        return void actions.exportXls();
      case 'import':
        if (urls.importExcel) setImporting(true);
        else void message.error(missingUrlMessage(URL_NAMES.importExcel));
        return;
      default:
        return actions.custom(action, list.selectedKeys.map(String));
    }
  };

  const onRow = useCallback(
    (action: ActionDefinition, row: Row) => {
      const id = String(row[options.rowKey] ?? '');
      switch (action.key) {
        case 'edit':
        case 'detail':
          return setDialog({ mode: action.key, row });
        case 'delete':
          return void actions.deleteRow(id);
        case 'addChild':
          return setDialog({ mode: 'add', preset: { [treeOptions(page).parentField]: id } });
        default:
          return actions.custom(action, [id]);
      }
    },
    [actions, options.rowKey, page],
  );

  const narrow = useNarrow();
  const columns = useMemo(
    () =>
      tableColumns(columnOrder(page), fieldOptions, list.request.sort, rowButtons, onRow, !narrow),
    [page, fieldOptions, list.request.sort, rowButtons, onRow, narrow],
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
          : { column: options.sortColumn, order: options.sortOrder },
      });
    } else if (extra.action === 'paginate') {
      list.change({
        pageNo: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? options.pageSize,
      });
    }
  };

  const selected = list.selectedKeys.length;
  return (
    <Card variant="borderless" className="sa-page" data-page-code={page.code}>
      <QueryForm
        fields={page.fields}
        options={fieldOptions}
        visibleCount={options.queryVisibleCount}
        onSearch={(values) => list.search(queryParams(page.fields, values, registry))}
      />
      <Toolbar actions={toolbar} onAction={onToolbar} />
      {options.selection !== 'none' && selected > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            <span>
              已选择 <strong>{selected}</strong> 项{' '}
              <a onClick={() => list.setSelectedKeys([])}>清空</a>
            </span>
          }
        />
      )}
      <Table<Row>
        size="middle"
        bordered
        rowKey={(row) => rowKeyOf(row, options.rowKey)}
        loading={list.loading}
        dataSource={isTree ? [...tree.rows] : [...list.records]}
        columns={columns}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        rowSelection={
          options.selection === 'none'
            ? undefined
            : {
                type: options.selection,
                selectedRowKeys: [...list.selectedKeys],
                onChange: (keys: Key[]) => list.setSelectedKeys(keys),
                checkStrictly: true,
              }
        }
        expandable={
          isTree
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
          pageSizeOptions: options.pageSizeOptions.map(String),
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: totalText,
        }}
      />
      {dialog && (
        <FormDialog
          page={page}
          urls={urls}
          request={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            list.reload();
          }}
        />
      )}
      {urls.importExcel && (
        <ImportModal
          open={importing}
          url={urls.importExcel}
          online={Boolean(page.table)}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            list.reload();
          }}
        />
      )}
    </Card>
  );
}
