import type { Feedback } from './use-feedback';
import { GridToolbar } from './GridToolbar';
import { deleteConfirmText } from './model/constants';
import type { GridStore } from './store/grid-store';
import type { GridSnapshot } from './store/types';
import type { GridProps } from './types';

/**
 * The toolbar wired to the store: permissions (`{authPre}add`, `{authPre}batch_delete`; every
 * button without authPre), the delete confirmation, 保存 with the validated values, 展开/收起.
 */
export function GridToolbarContainer({
  store,
  snapshot,
  props,
  can,
  confirm,
}: {
  readonly store: GridStore;
  readonly snapshot: GridSnapshot;
  readonly props: GridProps;
  readonly can: (code: string) => boolean;
  readonly confirm: Feedback['confirm'];
}) {
  const { authPre, disabled = false, onSave } = props;
  const allowed = (code: string) => !authPre || can(authPre + code);
  const selectedCount = snapshot.selected.size;
  const rowCount = snapshot.book.rows.length;
  const allExpanded = rowCount > 0 && snapshot.expanded.size >= rowCount;
  return (
    <GridToolbar
      canAdd={!disabled && allowed('add')}
      canDelete={!disabled && allowed('batch_delete')}
      selectedCount={selectedCount}
      onAdd={() => store.add([{}], { focus: true })}
      onDelete={() =>
        confirm({
          title: deleteConfirmText(selectedCount),
          okText: '确定',
          cancelText: '取消',
          onOk: () => store.removeSelected(),
        })
      }
      onClearSelection={() => store.clearSelection()}
      onSave={onSave ? () => void store.values().then(onSave) : undefined}
      expand={
        props.rowExpand
          ? {
              allExpanded,
              onToggle: () => (allExpanded ? store.collapseAll() : store.expandAll()),
            }
          : undefined
      }
      extra={props.toolbarExtra}
    />
  );
}
