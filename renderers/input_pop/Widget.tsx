import { useState } from 'react';
import { Input, Popover } from 'antd';
import { CloseOutlined, FullscreenOutlined } from '@ant-design/icons';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asText } from '../shared/values';
import {
  INPUT_POP_CELL_SIZE,
  inputPopProps,
} from '../../src/contracts/catalogue/entries/input_pop';

/** Names of the icons (screen readers and tests). */
export const INPUT_POP_OPEN = '放大输入';
export const INPUT_POP_CLOSE = '关闭';

interface InputPopBoxProps extends FieldWidgetProps {
  /** The larger box's size; default the field's `width` × `height`. */
  readonly boxSize?: { readonly width: number; readonly height: number };
}

/**
 * A text box with a fullscreen icon that opens a larger text area in a popover (widgets.md
 * §2.5): both edit the same value; the popover's close icon (or a click outside) closes it.
 */
export function InputPopWidget(props: InputPopBoxProps) {
  const p = inputPopProps.read(props);
  const [open, setOpen] = useState(false);
  const text = asText(props.value);
  const locked = props.disabled === true || props.readOnly === true;
  const size = props.boxSize ?? { width: p.width, height: p.height };
  const change = (next: string) => props.onChange?.(next);

  const box = (
    <div style={{ position: 'relative' }}>
      <CloseOutlined
        role="button"
        aria-label={INPUT_POP_CLOSE}
        tabIndex={0}
        onClick={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') setOpen(false);
        }}
        style={{ position: 'absolute', right: 0, top: -4, cursor: 'pointer', zIndex: 1 }}
      />
      <Input.TextArea
        aria-label={placeholderOf(props, '请输入')}
        value={text}
        onChange={(e) => change(e.target.value)}
        readOnly={locked}
        autoFocus
        style={{
          width: size.width,
          height: size.height,
          maxWidth: 'calc(100vw - 48px)',
          marginTop: 16,
          resize: 'none',
        }}
      />
    </div>
  );

  return (
    <Popover
      open={open && !locked}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
      trigger="click"
      placement={p.placement}
      content={box}
      destroyOnHidden
    >
      <Input
        {...a11y(props)}
        {...cellLook(props)}
        value={text}
        onChange={(e) => change(e.target.value)}
        onBlur={props.onBlur}
        disabled={props.disabled}
        readOnly={props.readOnly}
        placeholder={placeholderOf(props, '请输入')}
        suffix={
          <FullscreenOutlined
            role="button"
            aria-label={INPUT_POP_OPEN}
            tabIndex={locked ? -1 : 0}
            onClick={(e) => {
              e.stopPropagation();
              if (!locked) setOpen(true);
            }}
            onKeyDown={(e) => {
              if (!locked && (e.key === 'Enter' || e.key === ' ')) setOpen(true);
            }}
            style={{ cursor: locked ? 'default' : 'pointer', color: 'rgba(0,0,0,0.45)' }}
          />
        }
      />
    </Popover>
  );
}

/** The grid cell: the larger box is 300 × 210 (widgets.md §9 "popup input 300x210"). */
export function InputPopCell(props: FieldWidgetProps) {
  return <InputPopWidget {...props} boxSize={INPUT_POP_CELL_SIZE} />;
}
