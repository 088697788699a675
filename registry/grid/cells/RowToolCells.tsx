import type { DragEvent } from 'react';
import { HolderOutlined } from '@ant-design/icons';
import { useGridActions, useGridUi } from '../grid-context';
import type { GridRow } from '../types';

/** The + / − toggle of an expandable row. */
export function ExpandCell({
  row,
  rowId,
}: {
  readonly row: Readonly<GridRow>;
  readonly rowId: string;
}) {
  const expanded = useGridUi().expanded.has(rowId);
  const actions = useGridActions();
  return (
    <button
      type="button"
      className="eg-expand-toggle"
      aria-expanded={expanded}
      aria-label={expanded ? '收起此行' : '展开此行'}
      onClick={() => actions.toggleExpand(row)}
    >
      {expanded ? '−' : '+'}
    </button>
  );
}

/** The drag handle: HTML5 drag from here, dropped on any row (see the grid's row renderer). */
export function DragHandleCell({ row }: { readonly row: Readonly<GridRow> }) {
  const actions = useGridActions();
  return (
    <span
      className="eg-drag-handle"
      role="button"
      aria-label="拖动排序"
      draggable
      onDragStart={(e: DragEvent) => {
        e.dataTransfer?.setData('text/plain', 'row');
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
        actions.dragStart(row);
      }}
      onDragEnd={() => actions.dragEnd()}
    >
      <HolderOutlined />
    </span>
  );
}
