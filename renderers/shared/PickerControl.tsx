import { DatePicker, TimePicker, type TimePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { FieldWidgetProps } from '../../registry/types';
import { a11y } from './a11y';
import { cellLook } from './cell';
import { DATE_FORMATS, parseDate, type DateKind } from './dates';
import { placeholderOf } from './placeholder';
import './picker.css';

/** antd types the steps as 1–59. */
type Step = NonNullable<TimePickerProps['minuteStep']>;

export interface PickerControlProps {
  readonly widget: FieldWidgetProps;
  readonly kind: DateKind;
  readonly allowClear: boolean;
  /** Earliest / latest day that can be picked (date, datetime). */
  readonly min?: string;
  readonly max?: string;
  /** Time columns step (datetime, time). */
  readonly minuteStep?: number;
  readonly secondStep?: number;
}

/**
 * The date, datetime and time pickers: the value is text in the type's format
 * (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss`, `HH:mm:ss`), null once cleared; an unreadable incoming
 * value shows as empty. Read-only: shows the value, never opens.
 */
export function PickerControl(props: PickerControlProps) {
  const { widget, kind, allowClear } = props;
  const format = DATE_FORMATS[kind];
  const minDay = parseDate(props.min, 'date');
  const maxDay = parseDate(props.max, 'date');
  const common = {
    ...a11y(widget),
    ...cellLook(widget),
    style: { width: '100%' },
    value: parseDate(widget.value, kind),
    format,
    onChange: (date: Dayjs | null) => {
      if (!widget.readOnly) widget.onChange?.(date && date.isValid() ? date.format(format) : null);
    },
    onBlur: widget.onBlur,
    disabled: widget.disabled,
    placeholder: placeholderOf(widget, '请选择'),
    allowClear: allowClear && !widget.readOnly,
    classNames: { popup: { root: 'sa-picker-popup' } },
    ...(widget.readOnly
      ? { open: false, inputReadOnly: true, suffixIcon: null, 'aria-readonly': true }
      : {}),
  };
  const timeSteps = {
    ...(props.minuteStep ? { minuteStep: props.minuteStep as Step } : {}),
    ...(props.secondStep ? { secondStep: props.secondStep as Step } : {}),
  };
  if (kind === 'time') return <TimePicker {...common} {...timeSteps} />;
  return (
    <DatePicker
      {...common}
      showTime={kind === 'datetime' ? { format: DATE_FORMATS.time, ...timeSteps } : false}
      disabledDate={
        minDay || maxDay
          ? (day: Dayjs) =>
              Boolean(
                (minDay && day.isBefore(minDay, 'day')) || (maxDay && day.isAfter(maxDay, 'day')),
              )
          : undefined
      }
    />
  );
}
