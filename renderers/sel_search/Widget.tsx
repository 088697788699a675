import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { selSearchProps } from '../../src/contracts/catalogue/entries/sel_search';
import { selectA11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { toAntOptions } from '../shared/options';
import { placeholderOf } from '../shared/placeholder';
import { asChoice } from '../shared/values';
import { useDebounced } from './use-debounced';

/** widgets.md §9: the dictionary search waits this long after the last keystroke. */
export const DICT_SEARCH_DEBOUNCE_MS = 300;

/**
 * One choice of the field's dictionary (loaded whole by the host), found by typing part of its
 * text: the options narrow 300 ms after the last keystroke; a blank search shows them all.
 */
export function SelSearchWidget(props: FieldWidgetProps) {
  const p = selSearchProps.read(props);
  const options = useMemo(() => toAntOptions(props.options), [props.options]);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), DICT_SEARCH_DEBOUNCE_MS);
  const offered = useMemo(() => {
    if (keyword === '') return options;
    const lower = keyword.toLowerCase();
    return options.filter((o) => o.label.toLowerCase().includes(lower));
  }, [options, keyword]);
  const { readOnly, onChange } = props;
  return (
    <Select<string>
      {...selectA11y(props)}
      {...cellLook(props)}
      style={{ width: '100%' }}
      showSearch={!readOnly}
      filterOption={false}
      value={asChoice(props.value)}
      options={offered}
      searchValue={typed}
      onSearch={setTyped}
      onChange={(value) => {
        setTyped('');
        if (!readOnly) onChange?.(value ?? null);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      onBlur={props.onBlur}
      disabled={props.disabled}
      placeholder={placeholderOf(props, '请选择')}
      allowClear={p.allowClear && !readOnly}
      notFoundContent="无匹配项"
      {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
    />
  );
}
