import { CloseOutlined } from '@ant-design/icons';
import { Button, Empty, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useMaxWidth } from '../../../registry/use-media';
import type { Picked } from './ids';

/** widgets.md §2.11: under this width the dialog's content scrolls sideways. */
const PHONE_MAX_WIDTH = 499.98;
/** The content's own width on a phone (scrolled), so tables keep readable columns. */
const PHONE_CONTENT_WIDTH = 900;

export const LABEL_SELECTED = '已选择';

export interface PickerDialogProps {
  readonly title: string;
  /** widgets.md §9 (users by department 1250, users 1200, positions 1000 …). */
  readonly width: number;
  /** What is picked now, in the order it was picked. */
  readonly picked: readonly Picked[];
  /** Drops one from the picked list (its × button). */
  readonly onRemove: (id: string) => void;
  readonly onOk: () => void;
  readonly onCancel: () => void;
  /** The content's width on a phone, scrolled sideways (default 900, for tables). */
  readonly phoneContentWidth?: number;
  /** The filters and list to pick from. */
  readonly children: ReactNode;
}

/**
 * The frame of the person pickers (widgets.md §2.11): the list to pick from, and on its right
 * the picked ones, each with a button removing it. The caller mounts it while open: OK hands
 * the pick to the caller, which closes it; cancel (or ×, Esc) closes it and changes nothing.
 */
export function PickerDialog(props: PickerDialogProps) {
  const phone = useMaxWidth(PHONE_MAX_WIDTH);
  return (
    <Modal
      title={props.title}
      width={props.width}
      open
      onOk={props.onOk}
      onCancel={props.onCancel}
      centered
      styles={{ body: { overflowX: 'auto' } }}
    >
      <div
        className="sa-picker-body"
        style={{
          display: 'flex',
          gap: 16,
          alignItems: 'stretch',
          ...(phone ? { width: props.phoneContentWidth ?? PHONE_CONTENT_WIDTH } : {}),
        }}
      >
        <div style={{ flex: 1, minWidth: 0 }}>{props.children}</div>
        <PickedList picked={props.picked} onRemove={props.onRemove} />
      </div>
    </Modal>
  );
}

function PickedList({ picked, onRemove }: Pick<PickerDialogProps, 'picked' | 'onRemove'>) {
  return (
    <section
      aria-label={LABEL_SELECTED}
      style={{
        width: 200,
        flex: 'none',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0', fontWeight: 500 }}>
        {`${LABEL_SELECTED}（${picked.length}）`}
      </div>
      {picked.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 4, overflowY: 'auto', maxHeight: 360 }}>
          {picked.map((p) => (
            <li
              key={p.id}
              style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 8px' }}
            >
              <span
                title={p.text}
                style={{
                  flex: 1,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {p.text}
              </span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`移除 ${p.text}`}
                onClick={() => onRemove(p.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
