import { Radio } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { labelOf } from './a11y';
import { autoFocusOf, sizeOf } from './cell';
import { toAntOptions } from './options';
import { asChoice } from './values';

export interface RadioControlProps {
  readonly widget: FieldWidgetProps;
  /** Clicking the chosen option clears it (the value becomes null). */
  readonly allowClear: boolean;
  /** `button`: a row of buttons instead of round radios. */
  readonly optionType: 'default' | 'button';
  /** Grid cells: one line, no wrapping. */
  readonly compact?: boolean;
}

/** One choice among the resolved options as radios or buttons; the value is the option value. */
export function RadioControl({ widget, allowClear, optionType, compact }: RadioControlProps) {
  const { readOnly, disabled, onChange } = widget;
  const current = asChoice(widget.value) ?? null;
  const Item = optionType === 'button' ? Radio.Button : Radio;
  const options = toAntOptions(widget.options);
  // autoFocus (a grid cell just opened): the chosen option, else the first.
  const focused = autoFocusOf(widget)
    ? (options.find((o) => o.value === current) ?? options[0])?.value
    : undefined;
  return (
    <Radio.Group
      aria-label={labelOf(widget)}
      aria-readonly={readOnly || undefined}
      value={current}
      disabled={disabled}
      size={sizeOf(widget)}
      onChange={(e) => {
        if (!readOnly) onChange?.(e.target.value as string);
      }}
      optionType={optionType}
      buttonStyle={optionType === 'button' ? 'solid' : undefined}
      style={compact ? { whiteSpace: 'nowrap' } : undefined}
    >
      {options.map((option) => (
        <Item
          key={option.value}
          value={option.value}
          autoFocus={option.value === focused}
          onClick={() => {
            if (allowClear && !readOnly && !disabled && option.value === current) onChange?.(null);
          }}
        >
          {option.label}
        </Item>
      ))}
    </Radio.Group>
  );
}
