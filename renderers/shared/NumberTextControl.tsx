import { useState } from 'react';
import { Input } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from './a11y';
import { cellLook } from './cell';
import { isNumberText, numberOfText, settleNumber, textOfNumber } from './number-text';
import { placeholderOf } from './placeholder';
import { asNumber, isBlank } from './values';

export interface NumberTextControlProps {
  readonly widget: FieldWidgetProps;
  /** Applied on blur. */
  readonly min?: number;
  readonly max?: number;
  readonly precision?: number;
}

/**
 * A plain text box for a number (grid cells, widgets.md §5): a keystroke or paste that would make
 * the text anything but a number, empty or a lone minus is refused (the previous text stays).
 * Each accepted edit holds its number (null for empty or '-'); on blur the value is brought
 * within min/max, rounded to precision, and the text tidied (`12.` → `12`).
 */
export function NumberTextControl({ widget, min, max, precision }: NumberTextControlProps) {
  const value = asNumber(widget.value);
  const [text, setText] = useState(() => textOfNumber(value));
  const [held, setHeld] = useState(value);
  // A value changed from outside (another edit, a reload) replaces the text; our own edits
  // come back as the number of the text and keep what was typed (`12.`, `-`).
  if (!Object.is(held, value)) {
    setHeld(value);
    if (numberOfText(text) !== value) setText(textOfNumber(value));
  }
  const { readOnly } = widget;
  return (
    <Input
      {...a11y(widget)}
      {...cellLook(widget)}
      style={{ width: '100%' }}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        // Not setting the state puts the previous text back (a controlled input).
        if (readOnly || !isNumberText(next)) return;
        const n = numberOfText(next);
        setText(next);
        setHeld(n);
        widget.onChange?.(n);
      }}
      onBlur={() => {
        if (!readOnly) {
          const settled = settleNumber(numberOfText(text), { min, max, precision });
          setText(textOfNumber(settled));
          setHeld(settled);
          const same = settled === null ? isBlank(widget.value) : Object.is(settled, widget.value);
          if (!same) widget.onChange?.(settled);
        }
        widget.onBlur?.();
      }}
      disabled={widget.disabled}
      readOnly={readOnly}
      placeholder={placeholderOf(widget, '请输入')}
    />
  );
}
