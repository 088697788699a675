import { useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { richtextProps } from '../../src/contracts/catalogue/entries/richtext';
import type { FieldWidgetProps } from '../../registry/types';
import { TextView } from '../shared/TextView';
import { RichtextEditor } from './Editor';
import { htmlToText } from './html-text';

/**
 * `richtext` in an editable grid: the cell shows the words (shortened, whole in a tooltip);
 * a click opens the editor in a dialog, and 确定 keeps what was written there.
 */
export function RichtextCell(props: FieldWidgetProps) {
  const { height, biz } = richtextProps.read(props);
  const value = typeof props.value === 'string' ? props.value : '';
  const [draft, setDraft] = useState<string | null>(null);
  const locked = props.disabled === true || props.readOnly === true;
  const text = htmlToText(value);
  const open = () => {
    if (!locked) setDraft(value);
  };
  return (
    <>
      <span
        className="sa-richtext-cell"
        role="button"
        tabIndex={locked ? -1 : 0}
        aria-label="编辑富文本"
        aria-disabled={locked}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            open();
          }
        }}
      >
        {text === '' ? (
          <span style={{ color: 'rgba(0, 0, 0, 0.25)' }}>
            {typeof props.placeholder === 'string' ? props.placeholder : '点击编辑'}
          </span>
        ) : (
          <TextView text={text} variant="cell" />
        )}
        {locked ? null : <EditOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />}
      </span>
      <Modal
        open={draft !== null}
        title="编辑富文本"
        width={900}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
        onOk={() => {
          if (draft !== null && draft !== value) props.onChange?.(draft);
          setDraft(null);
        }}
        onCancel={() => setDraft(null)}
      >
        {draft !== null ? (
          <RichtextEditor
            value={draft}
            onChange={setDraft}
            height={height}
            biz={biz}
            changeDelay={0}
          />
        ) : null}
      </Modal>
    </>
  );
}
