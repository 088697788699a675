import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Select, Spin } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selSearchAsyncProps } from '../../src/contracts/catalogue/entries/sel_search_async';
import { selectA11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import type { AntOption } from '../shared/options';
import { placeholderOf } from '../shared/placeholder';
import { useNames } from '../shared/pickers/use-names';
import { asChoice } from '../shared/values';
import { dictCodeOf, dictNames, searchDict } from './dict-search';

/** widgets.md §9: the asynchronous search waits this long after the last keystroke. */
export const ASYNC_SEARCH_DEBOUNCE_MS = 800;

const NO_VALUES: readonly string[] = [];

/**
 * One choice of the field's dictionary, searched on the server: the first page loads when the
 * dropdown first opens, typed text asks `loadDict` 800 ms after the last keystroke (blank text
 * asks nothing), a failed search warns with the server's message. A held value outside the
 * loaded options is named through `loadDictItem`, so it always shows its text.
 */
export function SelSearchAsyncWidget(props: FieldWidgetProps) {
  const p = selSearchAsyncProps.read(props);
  const { http } = useServices();
  const { message } = App.useApp();
  const code = dictCodeOf(props);
  const value = asChoice(props.value);
  const [options, setOptions] = useState<AntOption[]>([]);
  const [loading, setLoading] = useState(false);
  const loaded = useRef(false);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Another dictionary: its first page loads on the next opening.
  useEffect(() => {
    loaded.current = false;
    setOptions([]);
  }, [code]);

  const names = useMemo(() => dictNames(http, code), [http, code]);
  const loadedText = options.find((o) => o.value === value)?.label;
  // A held value outside the loaded options is named by the server (loadDictItem).
  const ask = value !== undefined && loadedText === undefined && code !== '';
  const named = useNames(names, ask ? [value] : NO_VALUES);
  const label = loadedText ?? named?.[0] ?? (ask ? '' : value);

  const load = (keyword: string) => {
    if (!code) return;
    const ticket = ++latest.current;
    setLoading(true);
    void searchDict(http, code, keyword, p.pageSize).then((answer) => {
      if (ticket !== latest.current) return; // a later search answers instead
      setLoading(false);
      if (answer.ok) {
        // Texts learnt here need no loadDictItem later (other views of the screen too).
        names.remember(answer.options.map((o) => [o.value, o.label] as const));
        setOptions(answer.options);
      } else {
        // The next opening tries the first page again.
        if (keyword === '') loaded.current = false;
        void message.warning(answer.message);
      }
    });
  };

  const { readOnly, onChange } = props;
  return (
    <Select<{ value: string; label: string }>
      {...selectA11y(props)}
      {...cellLook(props)}
      style={{ width: '100%' }}
      showSearch={!readOnly}
      filterOption={false}
      labelInValue
      value={value === undefined ? undefined : { value, label: label ?? value }}
      options={options}
      onSearch={(text) => {
        clearTimeout(timer.current);
        // widgets.md §5: a blank keyword searches nothing.
        if (text.trim() === '') return;
        timer.current = setTimeout(() => load(text.trim()), ASYNC_SEARCH_DEBOUNCE_MS);
      }}
      onOpenChange={(open) => {
        if (open && !loaded.current) {
          loaded.current = true;
          load('');
        }
      }}
      onChange={(next) => {
        if (readOnly) return;
        if (next) names.remember([[next.value, String(next.label)]]);
        onChange?.(next?.value ?? null);
      }}
      onBlur={props.onBlur}
      disabled={props.disabled}
      placeholder={placeholderOf(props, '请选择')}
      allowClear={p.allowClear && !readOnly}
      notFoundContent={loading ? <Spin size="small" /> : '无匹配项'}
      {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
    />
  );
}
