import { App } from 'antd';
import { useState } from 'react';
import type { FieldWidgetProps } from '../../registry/types';
import { popupProps } from '../../src/contracts/catalogue/entries/popup';
import type { ReportRecord } from '../../src/runtime/report-client';
import { placeholderOf } from '../shared/placeholder';
import { PickerInput } from '../shared/pickers/PickerInput';
import { ReportPickerDialog } from '../shared/report/ReportPickerDialog';
import { fieldList, mappedValues, popupConfigProblem } from './mapping';

/** widgets.md §2.10: the popup's clear icon is titled 清空. */
export const LABEL_POPUP_CLEAR = '清空';

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * `popup` (widgets.md §2.10): a read-only box (请选择) that opens the report picker of `code`;
 * OK copies the chosen rows' `orgFields` into the `destFields` of the same form or grid row
 * (through the host's `setValues`; without one only the popup's own field is set). A popup
 * missing its code or fields says so (§8) instead of opening. The clear icon (清空) empties
 * every target field.
 */
export function PopupWidget(props: FieldWidgetProps) {
  const p = popupProps.read(props);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const own = p.field ?? props.field?.name;

  const fill = (values: Readonly<Record<string, unknown>>) => {
    if (props.setValues) props.setValues(values);
    else if (own !== undefined && own in values) props.onChange?.(values[own]);
  };
  const onOpen = () => {
    const problem = popupConfigProblem(p);
    if (problem) {
      void message.error(problem);
      return;
    }
    setOpen(true);
  };
  const onOk = (rows: readonly ReportRecord[]) => {
    fill(mappedValues(rows, p));
    setOpen(false);
  };
  const onClear = () => {
    const dest = fieldList(p.destFields);
    const targets = own !== undefined && !dest.includes(own) ? [...dest, own] : dest;
    if (targets.length === 0) props.onChange?.('');
    else fill(Object.fromEntries(targets.map((name) => [name, ''])));
  };

  return (
    <>
      <PickerInput
        widget={props}
        text={textOf(props.value)}
        placeholder={placeholderOf(props, '请选择')}
        allowClear
        clearLabel={LABEL_POPUP_CLEAR}
        onOpen={onOpen}
        onClear={onClear}
      />
      {open && p.code && (
        <ReportPickerDialog
          code={p.code}
          multi={p.multi}
          groupId={p.groupId}
          param={p.param}
          onOk={onOk}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
