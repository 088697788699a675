import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Alert, App } from 'antd';
import type { ActionDefinition, PageDefinition } from '../../../src/contracts/page';
import { useCustomActions } from '../actions/use-custom-actions';
import { useEngine } from '../context';
import { PagePanel } from '../../page-panel';
import { DialogLoading } from '../DialogLoading';
import type { DialogRequest } from '../form/FormDialog';
import { MSG_SELECT_ONE, missingUrlMessage } from '../messages';
import {
  URL_NAMES,
  allowed,
  listOptions,
  rowActions,
  toolbarActions,
  treeOptions,
} from '../page-model';
import { useTreeRows } from '../tree/use-tree-rows';
import { usePageData } from '../use-page-data';
import { useFieldOptions } from '../../use-field-options';
import { ListTable } from './ListTable';
import { QueryForm } from './QueryForm';
import { queryParams } from './query-params';
import type { Row } from './row';
import { SuperQuery } from './super-query/SuperQuery';
import { useSuperQuery } from './super-query/use-super-query';
import { Toolbar } from './Toolbar';
import { useListActions } from './use-list-actions';
import { useListData } from './use-list-data';

// A list ships neither the form engine (and the grid it may hold) nor the upload control: they
// load when a dialog opens.
const FormDialog = lazy(() =>
  import('../form/FormDialog').then((m) => ({ default: m.FormDialog })),
);
const ImportModal = lazy(() => import('./ImportModal').then((m) => ({ default: m.ImportModal })));

export interface ListPageProps {
  readonly page: PageDefinition;
  /** Values every list call carries and every new record starts with (`PageView`'s `bound`). */
  readonly bound: Readonly<Record<string, string>>;
}

/**
 * A list page (kinds list, tree-list, master-detail): query form, toolbar, table with server
 * paging and sorting, row actions, the form dialog, the import dialog, and what custom actions
 * show (their form dialog, their drawer).
 */
export function ListPage({ page, bound }: ListPageProps) {
  const { registry, can } = useEngine();
  const { message } = App.useApp();
  const data = usePageData(page);
  const options = listOptions(page);
  const isTree = page.kind === 'tree-list';
  const fieldOptions = useFieldOptions(page.fields).options;
  const queryFields = useMemo(
    () => page.fields.filter((field) => !Object.hasOwn(bound, field.name)),
    [page, bound],
  );
  const list = useListData(page, data, (filters) => {
    if (!isTree || Object.keys(filters).length > 0) return { ...bound };
    const tree = treeOptions(page);
    return { [tree.childrenParam]: tree.rootValue, ...bound };
  });
  const advanced = useSuperQuery(page.code, queryFields, fieldOptions, list.search);
  const actions = useListActions(page, data, list, bound);
  const { deleteRow } = actions;
  const custom = useCustomActions(page, list.reload, bound);
  const runCustom = custom.run;
  const tree = useTreeRows(page, data, list.records, isTree, bound);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [importing, setImporting] = useState(false);
  const toolbar = useMemo(() => allowed(page, toolbarActions(page), can), [page, can]);
  const rowButtons = useMemo(() => allowed(page, rowActions(page), can), [page, can]);

  const onToolbar = (action: ActionDefinition) => {
    switch (action.key) {
      case 'add':
        return setDialog({ mode: 'add', preset: bound });
      case 'batchDelete':
        return actions.batchDelete();
      case 'export':
        return void actions.exportXls();
      case 'import':
        if (data.url('importExcel')) setImporting(true);
        else void message.error(missingUrlMessage(URL_NAMES.importExcel));
        return;
      default:
        if (action.selection === 'required' && list.selectedKeys.length === 0) {
          return void message.warning(MSG_SELECT_ONE);
        }
        return custom.run(action, { ids: list.selectedKeys.map(String), row: null });
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
          return void deleteRow(id);
        case 'addChild':
          return setDialog({
            mode: 'add',
            preset: { ...bound, [treeOptions(page).parentField]: id },
          });
        default:
          return runCustom(action, { ids: [id], row });
      }
    },
    [deleteRow, runCustom, bound, options.rowKey, page],
  );

  const selected = list.selectedKeys.length;
  return (
    <PagePanel className="sa-page" data-page-code={page.code}>
      <QueryForm
        fields={queryFields}
        options={fieldOptions}
        visibleCount={options.queryVisibleCount}
        onSearch={(values) => advanced.search(queryParams(queryFields, values, registry))}
      />
      <Toolbar
        actions={toolbar}
        onAction={onToolbar}
        extra={advanced.fields.length > 0 ? <SuperQuery query={advanced} /> : null}
      />
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
      <ListTable
        page={page}
        list={list}
        tree={isTree ? tree : null}
        options={fieldOptions}
        rowActions={rowButtons}
        onRowAction={onRow}
      />
      {dialog && (
        <Suspense fallback={<DialogLoading />}>
          <FormDialog
            page={page}
            data={data}
            request={dialog}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              list.reload();
            }}
          />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={<DialogLoading />}>
          <ImportModal
            open
            data={data}
            online={Boolean(page.table)}
            onClose={() => setImporting(false)}
            onImported={() => {
              setImporting(false);
              list.reload();
            }}
          />
        </Suspense>
      )}
      {custom.holder}
    </PagePanel>
  );
}
