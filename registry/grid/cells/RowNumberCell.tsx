import { Dropdown, type MenuProps } from 'antd';
import { useGridActions, useGridUi } from '../grid-context';
import type { GridRow } from '../types';

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'up', label: '向上移' },
  { key: 'down', label: '向下移' },
  { key: 'insert', label: '插入一行' },
];

export interface RowNumberCellProps {
  readonly row: Readonly<GridRow>;
  readonly rowId: string;
  /** Drawn index (0-based). */
  readonly rowIdx: number;
  /** Show the row menu (向上移, 向下移, 插入一行). */
  readonly menu: boolean;
}

/**
 * The row number, with a small trigger for the row menu. The antd Dropdown mounts only for
 * the row whose menu is open, so idle rows cost a span and a button.
 */
export function RowNumberCell({ row, rowId, rowIdx, menu }: RowNumberCellProps) {
  const { menuRowId, rowNumbers } = useGridUi();
  const number = rowNumbers?.get(rowId) ?? rowIdx + 1;
  const actions = useGridActions();
  if (!menu) return <span className="eg-row-number">{number}</span>;
  const trigger = (
    <button
      type="button"
      className="eg-row-menu-trigger"
      aria-label={`第 ${number} 行操作`}
      aria-haspopup="menu"
      onClick={() => actions.openMenu(menuRowId === rowId ? null : rowId)}
    >
      {number}
    </button>
  );
  if (menuRowId !== rowId) return trigger;
  return (
    <Dropdown
      open
      trigger={['click']}
      onOpenChange={(open) => {
        if (!open) actions.openMenu(null);
      }}
      menu={{
        items: MENU_ITEMS,
        onClick: ({ key }) => {
          actions.openMenu(null);
          if (key === 'up') actions.moveRow(row, -1);
          else if (key === 'down') actions.moveRow(row, 1);
          else actions.insertBelow(row);
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}
