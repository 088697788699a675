import { useMemo } from 'react';
import { Select } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { selectA11y } from './a11y';
import { cellLook } from './cell';
import { toAntOptions } from './options';
import { placeholderOf } from './placeholder';
import { asChoice } from './values';

export interface SelectControlProps {
  readonly widget: FieldWidgetProps;
  readonly allowClear: boolean;
  readonly showSearch: boolean;
}

/**
 * A single-choice dropdown over the resolved options; the value is the option value (text),
 * null once cleared. Read-only: it shows the choice and never opens.
 */
export function SelectControl({ widget, allowClear, showSearch }: SelectControlProps) {
  const options = useMemo(() => toAntOptions(widget.options), [widget.options]);
  const { readOnly, disabled } = widget;
  return (
    <Select<string>
      {...selectA11y(widget)}
      {...cellLook(widget)}
      style={{ width: '100%' }}
      value={asChoice(widget.value)}
      options={options}
      onChange={(value) => {
        if (!readOnly) widget.onChange?.(value ?? null);
      }}
      onBlur={widget.onBlur}
      disabled={disabled}
      placeholder={placeholderOf(widget, '请选择')}
      allowClear={allowClear && !readOnly}
      showSearch={showSearch && !readOnly}
      optionFilterProp="label"
      {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
    />
  );
}
