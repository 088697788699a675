import type { ReactNode } from 'react';
import { Popover } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { TITLE_SUB_TABLE } from './model/constants';
import type { SubTableAnchor } from './use-sub-table';

/** The 子表 popover, anchored under its row inside the grid's body. */
export function SubTablePopover({
  anchor,
  content,
  onClose,
}: {
  readonly anchor: SubTableAnchor;
  readonly content: ReactNode;
  readonly onClose: () => void;
}) {
  return (
    <Popover
      open
      placement="bottomLeft"
      arrow={false}
      title={
        <div className="eg-sub-table-title">
          <span>{TITLE_SUB_TABLE}</span>
          <button type="button" className="eg-icon-button" aria-label="关闭子表" onClick={onClose}>
            <CloseOutlined />
          </button>
        </div>
      }
      content={<div className="eg-sub-table">{content}</div>}
    >
      <div
        className="eg-sub-table-anchor"
        style={{ top: anchor.top, width: anchor.width }}
        data-anchor-row={anchor.rowId}
      />
    </Popover>
  );
}
