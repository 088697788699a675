import { Descriptions, Modal } from 'antd';
import type { CellSpec } from './cells/cell-spec';
import { displayContent } from './cells/DisplayCell';
import { DETAILS_MODAL_WIDTH, TITLE_DETAILS } from './model/constants';
import type { GridRow } from './types';

/** 详细信息 (1200 wide): every shown column's title and read-only value of one row. */
export function DetailsModal({
  row,
  specs,
  onClose,
}: {
  readonly row: Readonly<GridRow> | null;
  readonly specs: ReadonlyMap<string, CellSpec>;
  readonly onClose: () => void;
}) {
  return (
    <Modal
      title={TITLE_DETAILS}
      open={row !== null}
      width={DETAILS_MODAL_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {row && (
        <Descriptions
          bordered
          size="small"
          column={2}
          items={[...specs.values()].map((spec) => ({
            key: spec.column.key,
            label: spec.column.title,
            children: displayContent(spec, row, 'detail'),
          }))}
        />
      )}
    </Modal>
  );
}
