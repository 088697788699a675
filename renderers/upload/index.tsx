import type { FieldWidgetProps, RendererComponents } from '../../registry/types';
import { uploadProps } from '../../src/contracts/catalogue/entries/upload';
import { isSameOriginPath } from '../../src/contracts/urls';
import { UploadCell } from '../shared/uploads/UploadCell';
import { labelOf } from '../shared/uploads/label';
import { FileDisplay } from '../file/Display';

/**
 * `upload` (widgets.md §2.5 "upload" cell): one file through the column's own settings, in a
 * form as in the grid. `action` is used only when it is a path of this site (anything else
 * uploads to the upload route); `token` changes nothing, the http client always sends the
 * access token.
 */
export function UploadWidget(props: FieldWidgetProps) {
  const p = uploadProps.read(props);
  return (
    <UploadCell
      kind="upload"
      value={props.value}
      onChange={props.onChange}
      btnText={p.btnText}
      allowDownload={p.allowDownload}
      allowRemove={p.allowRemove}
      number={p.number}
      biz={p.biz}
      action={p.action !== undefined && isSameOriginPath(p.action) ? p.action : undefined}
      responseName={p.responseName}
      disabled={props.disabled === true || props.readOnly === true}
      label={labelOf(props)}
    />
  );
}

export const uploadRenderer: RendererComponents = {
  field: UploadWidget,
  display: FileDisplay,
  cell: UploadWidget,
};

export default uploadRenderer;
