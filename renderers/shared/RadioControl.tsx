import { Radio } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { toAntOptions } from './options';
import { asChoice } from './values';

export interface RadioControlProps {
  readonly widget: FieldWidgetProps;
  /** Clicking the chosen option clears it (the value becomes null). */
  readonly allowClear: boolean;
  /** `button`: a row of buttons instead of round radios. */
  readonly optionType: 'default' | 'button';
}

/** One choice among the resolved options as radios or buttons; the value is the option value. */
export function RadioControl({ widget, allowClear, optionType }: RadioControlProps) {
  const { readOnly, disabled, onChange } = widget;
  const current = asChoice(widget.value) ?? null;
  const Item = optionType === 'button' ? Radio.Button : Radio;
  return (
    <Radio.Group
      aria-label={widget.field?.label}
      aria-readonly={readOnly || undefined}
      value={current}
      disabled={disabled}
      onChange={(e) => {
        if (!readOnly) onChange?.(e.target.value as string);
      }}
      optionType={optionType}
      buttonStyle={optionType === 'button' ? 'solid' : undefined}
    >
      {toAntOptions(widget.options).map((option) => (
        <Item
          key={option.value}
          value={option.value}
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
