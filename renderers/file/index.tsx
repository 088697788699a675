import type { FieldWidgetProps, RendererComponents } from '../../registry/types';
import { fileProps } from '../../src/contracts/catalogue/entries/file';
import { FileUploadField } from '../shared/uploads/FileUploadField';
import { UploadCell } from '../shared/uploads/UploadCell';
import { labelOf } from '../shared/uploads/label';
import { FileDisplay } from './Display';

/** `file` field: a button (or cards) and the uploaded names (widgets.md §2.6). */
export function FileWidget(props: FieldWidgetProps) {
  const p = fileProps.read(props);
  return (
    <FileUploadField
      value={props.value}
      onChange={props.onChange}
      number={p.number}
      multiple={p.multiple}
      listType={p.listType}
      biz={p.biz}
      allowDownload={p.allowDownload}
      allowRemove={p.allowRemove}
      btnText={p.btnText}
      disabled={props.disabled === true || props.readOnly === true}
      label={labelOf(props)}
    />
  );
}

/** `file` grid cell (widgets.md §2.5): one file with its status and menu; 更多 for several. */
export function FileCell(props: FieldWidgetProps) {
  const p = fileProps.read(props);
  return (
    <UploadCell
      kind="file"
      value={props.value}
      onChange={props.onChange}
      btnText={p.btnText}
      allowDownload={p.allowDownload}
      allowRemove={p.allowRemove}
      number={p.number}
      biz={p.biz}
      disabled={props.disabled === true || props.readOnly === true}
      label={labelOf(props)}
    />
  );
}

/** `file` (widgets.md §2.5, §2.6): files, held as their stored paths comma-joined. */
export const fileRenderer: RendererComponents = {
  field: FileWidget,
  display: FileDisplay,
  cell: FileCell,
};

export default fileRenderer;
