import type { CSSProperties, DragEvent, Key, ReactNode } from 'react';
import { Row, type RenderRowProps } from 'react-data-grid';
import { isExpandRow, parentOf } from './expand-rows';
import type { GridActions } from './grid-context';
import { keyOf } from './model/row-key';
import type { GridRow } from './types';
import type { SummaryRow } from './grid-columns-types';

export interface RowRenderOptions {
  readonly rowKey: string;
  readonly actions: GridActions;
  /** Rows accept drops from the drag handle. */
  readonly dragSort: boolean;
  readonly renderExpand?: (row: Readonly<GridRow>) => ReactNode;
}

/** The content row under an expanded row: one cell across the whole grid. */
function ExpandContent({
  row,
  gridRowStart,
  ariaRowIndex,
  renderExpand,
}: {
  readonly row: Readonly<GridRow>;
  readonly gridRowStart: number;
  readonly ariaRowIndex: number | undefined;
  readonly renderExpand?: (row: Readonly<GridRow>) => ReactNode;
}) {
  const style = { '--rdg-grid-row-start': gridRowStart } as CSSProperties;
  return (
    <div role="row" className="rdg-row eg-expand-row" aria-rowindex={ariaRowIndex} style={style}>
      <div role="gridcell" className="eg-expand-cell" style={{ gridRowStart }}>
        {renderExpand?.(row)}
      </div>
    </div>
  );
}

/**
 * react-data-grid's row renderer when the grid needs more than the default row: expanded
 * content rows, drop targets for drag sort, and `data-row-id` (the 子表 popover finds its row).
 */
export function createRowRenderer({ rowKey, actions, dragSort, renderExpand }: RowRenderOptions) {
  return function renderRow(key: Key, props: RenderRowProps<GridRow, SummaryRow>) {
    const { row } = props;
    if (isExpandRow(row)) {
      return (
        <ExpandContent
          key={key}
          row={parentOf(row)}
          gridRowStart={props.gridRowStart}
          ariaRowIndex={props['aria-rowindex']}
          renderExpand={renderExpand}
        />
      );
    }
    const drag = dragSort
      ? {
          onDragOver: (e: DragEvent<HTMLDivElement>) => {
            e.preventDefault();
            actions.dragOver(row);
          },
          onDrop: (e: DragEvent<HTMLDivElement>) => {
            e.preventDefault();
            actions.drop(row);
          },
        }
      : {};
    return <Row key={key} {...props} {...drag} data-row-id={keyOf(row, rowKey)} />;
  };
}
