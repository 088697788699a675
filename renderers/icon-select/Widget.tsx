import { useMemo, type ReactNode } from 'react';
import { Select } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { iconSelectProps } from '../../src/contracts/catalogue/entries/icon-select';
import { MENU_ICON_LABELS, MENU_ICON_NAMES } from '../../src/contracts/menu-icons';
import { selectA11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { MenuIconWithLabel } from '../shared/MenuIcon';
import { placeholderOf } from '../shared/placeholder';
import { asChoice } from '../shared/values';

interface IconOption {
  readonly value: string;
  readonly label: ReactNode;
  /** What typing matches: the Chinese name and the stored name. */
  readonly search: string;
}

const ICON_OPTIONS: readonly IconOption[] = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: <MenuIconWithLabel name={name} />,
  search: `${MENU_ICON_LABELS[name]} ${name}`,
}));

/**
 * A dropdown of the menu's icons, each drawn with its Chinese name; typing filters by the name
 * (设置) or the stored name (setting). A stored name outside the list stays choosable as it is.
 */
export function IconSelectWidget(props: FieldWidgetProps) {
  const p = iconSelectProps.read(props);
  const value = asChoice(props.value);
  const options = useMemo(
    () =>
      value && !ICON_OPTIONS.some((o) => o.value === value)
        ? [{ value, label: <span>{value}</span>, search: value }, ...ICON_OPTIONS]
        : [...ICON_OPTIONS],
    [value],
  );
  const { readOnly, disabled } = props;
  return (
    <Select<string, IconOption>
      {...selectA11y(props)}
      {...cellLook(props)}
      style={{ width: '100%' }}
      value={value}
      options={options}
      onChange={(next) => {
        if (!readOnly) props.onChange?.(next ?? null);
      }}
      onBlur={props.onBlur}
      disabled={disabled}
      placeholder={placeholderOf(props, '请选择')}
      allowClear={p.allowClear && !readOnly}
      showSearch={!readOnly}
      filterOption={(input, option) =>
        (option?.search ?? '').toLowerCase().includes(input.trim().toLowerCase())
      }
      {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
    />
  );
}
