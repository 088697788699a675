import type { TableColumnType } from 'antd';
import type { ActionDefinition, FieldDefinition } from '../../../src/contracts/page';
import { FieldValue } from '../FieldValue';
import { MSG_ACTIONS } from '../messages';
import { listView } from '../page-model';
import type { OptionsByField } from '../../use-field-options';
import { RowActions } from './RowActions';
import type { Row } from './row';
import { rowActionsWidth } from './row-actions-layout';
import type { SortState } from './query-params';
import { isHiddenType } from '../../../src/contracts/catalogue/index';

/**
 * Table columns from the `list` fields: the renderer's display view (dictionary text from
 * `<field>_dictText` or the options), server sorting where `sorter` is set, and the row
 * actions last.
 */
export function tableColumns(
  fields: readonly FieldDefinition[],
  options: OptionsByField,
  sort: SortState,
  actions: readonly ActionDefinition[],
  onRowAction: (action: ActionDefinition, row: Row) => void,
  /**
   * Phones: the actions column keeps to one link and 更多, so that, fixed at the right edge
   * like on wider screens, it stays reachable without covering half the row.
   */
  compactActions = false,
  /** The rows shown: the actions column is as wide as their widest set of links. */
  rows: readonly Row[] = [],
): TableColumnType<Row>[] {
  const columns: TableColumnType<Row>[] = [];
  for (const field of fields) {
    const view = listView(field);
    if (!view || isHiddenType(field.type)) continue;
    columns.push({
      key: field.name,
      dataIndex: field.name,
      title: field.label,
      width: view.width,
      fixed: view.fixed,
      ellipsis: view.ellipsis,
      align: 'center',
      sorter: view.sorter === true,
      sortOrder:
        view.sorter && sort.column === field.name
          ? sort.order === 'asc'
            ? 'ascend'
            : 'descend'
          : null,
      render: (value: unknown, record: Row) => (
        <FieldValue field={field} value={value} record={record} options={options.get(field.name)} />
      ),
    });
  }
  if (actions.length > 0) {
    columns.push({
      key: '__actions',
      title: MSG_ACTIONS,
      align: 'center',
      fixed: 'right',
      width: rowActionsWidth(actions, rows, compactActions),
      render: (_: unknown, record: Row) => (
        <RowActions
          actions={actions}
          row={record}
          onAction={(action) => onRowAction(action, record)}
          compact={compactActions}
        />
      ),
    });
  }
  return columns;
}
