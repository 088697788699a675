import { useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { selectA11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { toAntOptions } from '../shared/options';
import { placeholderOf } from '../shared/placeholder';
import { asChoice } from '../shared/values';
import { selectSearchProps } from '../../src/contracts/catalogue/entries/select-search';
import { offeredOptions, typedValue } from './typed';

/**
 * A dropdown whose options are filtered by the text typed (part of an option's text, any
 * case); the value is the chosen option's value, null once cleared. With `allowInput`, text
 * matching no option is offered as a choice of its own and kept when the box is left (or the
 * dropdown closed) without choosing. Serves forms and grid cells alike.
 */
export function SelectSearchWidget(props: FieldWidgetProps) {
  const p = selectSearchProps.read(props);
  const options = useMemo(() => toAntOptions(props.options), [props.options]);
  const [search, setSearch] = useState('');
  // The search text as typed, read when the box is left or the dropdown closes (before the
  // dropdown clears its search).
  const pending = useRef('');
  const offered = useMemo(
    () => offeredOptions(options, search, p.allowInput),
    [options, search, p.allowInput],
  );
  const { readOnly, onChange } = props;
  const keepTyped = () => {
    const typed = pending.current;
    pending.current = '';
    if (!p.allowInput || readOnly || typed.trim() === '') return;
    const next = typedValue(options, typed);
    if (next !== asChoice(props.value)) onChange?.(next);
  };
  return (
    <Select<string>
      {...selectA11y(props)}
      {...cellLook(props)}
      style={{ width: '100%' }}
      showSearch={!readOnly}
      value={asChoice(props.value)}
      options={offered}
      optionFilterProp="label"
      onSearch={(text) => {
        setSearch(text);
        pending.current = text;
      }}
      onChange={(value) => {
        pending.current = '';
        setSearch('');
        if (!readOnly) onChange?.(value ?? null);
      }}
      onOpenChange={(open) => {
        if (!open) keepTyped();
      }}
      onBlur={() => {
        keepTyped();
        props.onBlur?.();
      }}
      disabled={props.disabled}
      placeholder={placeholderOf(props, '请选择')}
      allowClear={p.allowClear && !readOnly}
      notFoundContent="无匹配项"
      {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
    />
  );
}
