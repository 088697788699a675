import { PlusOutlined } from '@ant-design/icons';
import { isImagePath } from '../../../src/contracts/files';
import { FilePicker } from './FilePicker';
import { PreviewModal } from './PreviewModal';
import { UploadCards } from './UploadCards';
import { useFeedback } from './feedback';
import { useFileActions } from './use-file-actions';
import { useUploads } from './use-uploads';
import './uploads.css';

/** widgets.md §5: a chosen file that is not a picture. */
export const MSG_NOT_IMAGE = '请上传图片';

/** A chosen file is a picture (by its type, else its name). */
export function isImageFile(file: File): boolean {
  return file.type ? file.type.startsWith('image/') : isImagePath(file.name);
}

export interface ImageUploadFieldProps {
  readonly value: unknown;
  readonly onChange?: (value: unknown) => void;
  /** Most pictures with `multiple`; -1 or 0: no limit. */
  readonly number: number;
  readonly multiple: boolean;
  readonly biz?: string;
  readonly disabled?: boolean;
  readonly label: string;
}

/**
 * widgets.md §2.6 "Image upload": picture cards with an add card that hides at the maximum (one
 * picture without `multiple`, else `number`); choosing more than `number` keeps the last
 * `number` (§9). Other files are refused (请上传图片); a failure says `{name} 上传失败.` and
 * stays as a card to retry, its hover telling the server's message. A click previews.
 */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { message } = useFeedback();
  const limit = props.multiple ? Math.max(props.number, 0) : 1;
  const uploads = useUploads(props.value, props.onChange, {
    biz: props.biz,
    limit,
    mode: props.multiple ? 'keep-last' : 'replace',
    onError: (item) => void message.error(`${item.name} 上传失败.`),
  });
  const files = useFileActions();
  const editable = !props.disabled;
  const full = limit > 0 && uploads.items.length >= limit;
  const onFiles = (chosen: File[]) => {
    const images = chosen.filter(isImageFile);
    if (images.length < chosen.length) void message.warning(MSG_NOT_IMAGE);
    if (images.length > 0) uploads.add(images);
  };
  const adder =
    editable && !full ? (
      <FilePicker
        multiple={props.multiple}
        accept="image/*"
        label={`${props.label} 选择图片`}
        onFiles={onFiles}
      >
        {(choose) => (
          <button type="button" className="upl-add" onClick={choose}>
            <PlusOutlined />
            <span>上传</span>
          </button>
        )}
      </FilePicker>
    ) : null;
  return (
    <div className="upl-field">
      <UploadCards
        uploads={uploads}
        files={files}
        rules={{ allowDownload: true, allowRemove: editable, reorder: false }}
        adder={adder}
        label={props.label}
      />
      <PreviewModal path={files.previewing} onClose={files.closePreview} />
    </div>
  );
}
