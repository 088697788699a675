import type { FieldWidgetProps, RendererComponents } from '../../registry/types';
import { imageProps } from '../../src/contracts/catalogue/entries/image';
import { ImageUploadField } from '../shared/uploads/ImageUploadField';
import { UploadCell } from '../shared/uploads/UploadCell';
import { labelOf } from '../shared/uploads/label';
import { ImageDisplay } from './Display';

/** `image` field: picture cards (widgets.md §2.6). */
export function ImageWidget(props: FieldWidgetProps) {
  const p = imageProps.read(props);
  return (
    <ImageUploadField
      value={props.value}
      onChange={props.onChange}
      number={p.number}
      multiple={p.multiple}
      biz={p.biz}
      disabled={props.disabled === true || props.readOnly === true}
      label={labelOf(props)}
    />
  );
}

/** `image` grid cell (widgets.md §2.5): a thumbnail, 上传图片 when empty, 上传出错 on failure. */
export function ImageCell(props: FieldWidgetProps) {
  const p = imageProps.read(props);
  const own = (key: string, fallback: boolean) =>
    typeof props[key] === 'boolean' ? (props[key] as boolean) : fallback;
  return (
    <UploadCell
      kind="image"
      value={props.value}
      onChange={props.onChange}
      btnText={typeof props.btnText === 'string' && props.btnText ? props.btnText : '上传图片'}
      allowDownload={own('allowDownload', true)}
      allowRemove={own('allowRemove', true)}
      number={p.multiple ? p.number : 0}
      biz={p.biz}
      disabled={props.disabled === true || props.readOnly === true}
      label={labelOf(props)}
    />
  );
}

/** `image` (widgets.md §2.5, §2.6): pictures, held as their stored paths comma-joined. */
export const imageRenderer: RendererComponents = {
  field: ImageWidget,
  display: ImageDisplay,
  cell: ImageCell,
};

export default imageRenderer;
