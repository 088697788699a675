import { CloseCircleFilled } from '@ant-design/icons';
import { Input } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { FieldWidgetProps } from '../../../registry/types';
import { a11y } from '../a11y';
import { cellLook } from '../cell';

export interface PickerInputProps {
  readonly widget: FieldWidgetProps;
  /** The chosen values' texts joined (names of people…). */
  readonly text: string;
  readonly placeholder: string;
  /** The clear icon shows while something is chosen. */
  readonly allowClear: boolean;
  /** The clear icon's name and title. Default 清除. */
  readonly clearLabel?: string;
  readonly onOpen: () => void;
  readonly onClear: () => void;
}

/**
 * The box of a modal picker (widgets.md §2.5, §2.11): read-only text of what is chosen; a
 * click, Enter or Space opens the dialog; the clear icon empties it. Read-only or disabled, it
 * only shows the text.
 */
export function PickerInput(props: PickerInputProps) {
  const { widget } = props;
  const active = !widget.disabled && !widget.readOnly;
  const open = () => {
    if (active) props.onOpen();
  };
  const clear = (event: MouseEvent) => {
    event.stopPropagation();
    props.onClear();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const clearIcon =
    active && props.allowClear && props.text !== '' ? (
      <CloseCircleFilled
        className="sa-picker-clear"
        role="button"
        aria-label={props.clearLabel ?? '清除'}
        title={props.clearLabel}
        onClick={clear}
        style={{ color: 'rgba(0, 0, 0, 0.25)', cursor: 'pointer' }}
      />
    ) : (
      // Keeps the box the same width with and without the icon.
      <span />
    );
  return (
    <Input
      {...a11y(widget)}
      {...cellLook(widget)}
      readOnly
      value={props.text}
      title={props.text || undefined}
      placeholder={props.placeholder}
      disabled={widget.disabled}
      onClick={open}
      onKeyDown={onKeyDown}
      onBlur={widget.onBlur}
      suffix={clearIcon}
      aria-haspopup="dialog"
      style={{ cursor: active ? 'pointer' : undefined }}
    />
  );
}
