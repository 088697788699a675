import { useMemo } from 'react';
import { Checkbox } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { toAntOptions } from '../shared/options';
import { joinList, splitList } from '../shared/values';
import { checkboxGroupProps } from '../../src/contracts/catalogue/entries/checkbox-group';

/** A checkbox per option; the value is the ticked values joined in option order ('' for none). */
export function CheckboxGroupWidget(props: FieldWidgetProps) {
  const { separator } = checkboxGroupProps.read(props);
  const options = useMemo(() => toAntOptions(props.options), [props.options]);
  const { readOnly } = props;
  return (
    <Checkbox.Group
      aria-label={props.field?.label}
      aria-readonly={readOnly || undefined}
      options={options}
      value={splitList(props.value, separator)}
      disabled={props.disabled}
      onChange={(values) => {
        if (!readOnly) props.onChange?.(joinList(values.map(String), separator));
      }}
    />
  );
}
