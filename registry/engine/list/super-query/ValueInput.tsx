import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import type { QueryRule } from '../../../../src/contracts/page';
import {
  MSG_VALUE_IN_PLACEHOLDER,
  MSG_VALUE_PLACEHOLDER,
  MSG_VALUE_SELECT_PLACEHOLDER,
} from './messages';
import type { ConditionValue } from './model';
import type { SuperQueryField } from './query-fields';

/** The value formats of widgets.md §2.9: a day, a moment. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface ValueInputProps {
  /** The row's field; none chosen yet gives a plain text box. */
  readonly field: SuperQueryField | undefined;
  readonly rule: QueryRule | undefined;
  readonly value: ConditionValue | undefined;
  readonly onChange: (value: ConditionValue | undefined) => void;
  /** Names the control for assistive technology (and tests). */
  readonly label: string;
}

const FULL = { width: '100%' } as const;

/**
 * A condition's value, typed by its field: the options of a dictionary field (several under
 * `in`), a date or date-time picker, a number box, else text (`in` on text, numbers or dates:
 * several values separated by commas).
 */
export function ValueInput({ field, rule, value, onChange, label }: ValueInputProps) {
  const several = rule === 'in';
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const textBox = (
    <Input
      aria-label={label}
      style={FULL}
      allowClear
      placeholder={several ? MSG_VALUE_IN_PLACEHOLDER : MSG_VALUE_PLACEHOLDER}
      value={text}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  );
  if (!field) return textBox;

  if (field.kind === 'options') {
    const options = field.options.map((o) => ({ value: o.value, label: o.text }));
    return several ? (
      <Select
        aria-label={label}
        style={FULL}
        mode="multiple"
        allowClear
        placeholder={MSG_VALUE_SELECT_PLACEHOLDER}
        options={options}
        optionFilterProp="label"
        value={Array.isArray(value) ? (value as string[]) : []}
        onChange={(picked: string[]) => onChange(picked.length > 0 ? picked : undefined)}
      />
    ) : (
      <Select
        aria-label={label}
        style={FULL}
        allowClear
        showSearch
        placeholder={MSG_VALUE_SELECT_PLACEHOLDER}
        options={options}
        optionFilterProp="label"
        value={typeof value === 'string' ? value : undefined}
        onChange={(picked: string | undefined) => onChange(picked)}
      />
    );
  }
  if (several) return textBox;

  if (field.kind === 'date' || field.kind === 'datetime') {
    const format = field.kind === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
    const day = typeof value === 'string' && value !== '' ? dayjs(value) : null;
    return (
      <DatePicker
        aria-label={label}
        style={FULL}
        showTime={field.kind === 'datetime'}
        format={format}
        placeholder={MSG_VALUE_SELECT_PLACEHOLDER}
        value={day?.isValid() ? day : null}
        onChange={(picked) => onChange(picked?.isValid() ? picked.format(format) : undefined)}
      />
    );
  }
  if (field.kind === 'number') {
    return (
      <InputNumber
        aria-label={label}
        style={FULL}
        placeholder={MSG_VALUE_PLACEHOLDER}
        value={typeof value === 'number' ? value : null}
        onChange={(n) => onChange(typeof n === 'number' ? n : undefined)}
      />
    );
  }
  return textBox;
}
