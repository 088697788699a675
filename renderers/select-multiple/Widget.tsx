import { useContext, useMemo, type ReactNode } from 'react';
import { ConfigProvider, Select } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from '../shared/a11y';
import { toAntOptions } from '../shared/options';
import { placeholderOf } from '../shared/placeholder';
import { joinList, splitList } from '../shared/values';
import { selectMultipleProps } from './props';

/** A tag without its remove icon (antd's classes, so it looks like the others). */
function ReadOnlyTag({ label }: { readonly label: ReactNode }) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('select');
  return (
    <span className={`${prefix}-selection-item`}>
      <span className={`${prefix}-selection-item-content`}>{label}</span>
    </span>
  );
}

/** Dropdown of the options with tags; the value is the chosen values joined ('' for none). */
export function SelectMultipleWidget(props: FieldWidgetProps) {
  const p = selectMultipleProps.read(props);
  const options = useMemo(() => toAntOptions(props.options), [props.options]);
  const { readOnly } = props;
  return (
    <Select<string[]>
      {...a11y(props)}
      mode="multiple"
      style={{ width: '100%' }}
      value={splitList(props.value, p.separator)}
      options={options}
      onChange={(values) => {
        if (!readOnly) props.onChange?.(joinList(values ?? [], p.separator));
      }}
      onBlur={props.onBlur}
      disabled={props.disabled}
      placeholder={placeholderOf(props, '请选择')}
      allowClear={p.allowClear && !readOnly}
      showSearch={p.showSearch && !readOnly}
      optionFilterProp="label"
      maxTagCount={p.maxTagCount}
      {...(readOnly
        ? { open: false, suffixIcon: null, tagRender: ReadOnlyTag, 'aria-readonly': true }
        : {})}
    />
  );
}
