import { ScheduleOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import type { FieldWidgetProps } from '../../registry/types';
import { cronProps } from '../../src/contracts/catalogue/entries/cron';
import { validateCron } from '../../src/contracts/quartz';
import { a11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asText } from '../shared/values';
import { CronDialog } from './CronDialog';
import { previewExpression } from './cron-state';

/**
 * `cron` (widgets.md §2.4): the expression typed, or built in the dialog the schedule icon
 * opens; an invalid expression shows its message under the box.
 */
export function CronField(props: FieldWidgetProps) {
  const p = cronProps.read(props);
  const shape = { hideSecond: p.hideSecond, hideYear: p.hideYear };
  const value = asText(props.value);
  const [open, setOpen] = useState(false);
  const locked = props.disabled === true || props.readOnly === true;
  const check = value.trim() === '' ? null : validateCron(previewExpression(value, shape));
  const openDialog = () => {
    if (!locked) setOpen(true);
  };
  return (
    <div className="cron-field">
      <Input
        {...a11y(props)}
        {...cellLook(props)}
        value={value}
        onChange={(e) => props.onChange?.(e.target.value)}
        onBlur={props.onBlur}
        disabled={props.disabled}
        readOnly={props.readOnly}
        placeholder={placeholderOf(props, '请输入')}
        allowClear={!locked}
        status={check && !check.valid ? 'error' : undefined}
        suffix={
          <ScheduleOutlined
            role="button"
            aria-label="打开Cron表达式生成器"
            tabIndex={locked ? -1 : 0}
            onClick={openDialog}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') openDialog();
            }}
          />
        }
      />
      {check && !check.valid ? (
        <div className="cron-field-error ant-form-item-explain-error" role="alert">
          {check.message}
        </div>
      ) : null}
      {open ? (
        <CronDialog
          open
          value={value}
          variant={p.variant}
          hideSecond={p.hideSecond}
          hideYear={p.hideYear}
          onClose={() => setOpen(false)}
          onOk={(expression) => {
            setOpen(false);
            props.onChange?.(expression);
          }}
        />
      ) : null}
    </div>
  );
}
