import { richtextProps } from '../../src/contracts/catalogue/entries/richtext';
import type { FieldWidgetProps } from '../../registry/types';
import { RichtextEditor } from './Editor';

/** `richtext` in a form: the editor, its HTML the field's value. Read-only when disabled. */
export function RichtextWidget(props: FieldWidgetProps) {
  const { height, biz } = richtextProps.read(props);
  const { onChange } = props;
  return (
    <RichtextEditor
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(html) => onChange?.(html)}
      disabled={props.disabled === true || props.readOnly === true}
      height={height}
      biz={biz}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
    />
  );
}
