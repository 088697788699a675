import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { FilePicker } from './FilePicker';
import { PreviewModal } from './PreviewModal';
import { UploadCards } from './UploadCards';
import { UploadTextList } from './UploadTextList';
import { useFeedback } from './feedback';
import { useFileActions } from './use-file-actions';
import { useUploads } from './use-uploads';
import './uploads.css';

export interface FileUploadFieldProps {
  readonly value: unknown;
  readonly onChange?: (value: unknown) => void;
  /** Most files; 0: no limit. */
  readonly number: number;
  readonly multiple: boolean;
  readonly listType: 'text' | 'picture-card';
  readonly biz?: string;
  readonly action?: string;
  readonly responseName?: string;
  readonly allowDownload: boolean;
  readonly allowRemove: boolean;
  readonly btnText: string;
  readonly disabled?: boolean;
  /** Names the field (its label). */
  readonly label: string;
}

/**
 * widgets.md §2.6 "File upload": a button (or an add card) choosing files, uploaded at once with
 * their progress; the names open (pictures in the preview modal) or download; pictures move
 * left/right on their cards. The button hides at `number` files. A failure says
 * `{name} 上传失败.` and stays in the list to retry.
 */
export function FileUploadField(props: FileUploadFieldProps) {
  const { message } = useFeedback();
  const uploads = useUploads(props.value, props.onChange, {
    biz: props.biz,
    action: props.action,
    responseName: props.responseName,
    limit: props.number > 0 ? props.number : 0,
    mode: 'append',
    onError: (item) => void message.error(`${item.name} 上传失败.`),
  });
  const files = useFileActions();
  const full = props.number > 0 && uploads.items.length >= props.number;
  const editable = !props.disabled;
  const rules = {
    allowDownload: props.allowDownload,
    allowRemove: props.allowRemove && editable,
    reorder: editable && props.listType === 'picture-card',
  };
  const picker = (card: boolean) => (
    <FilePicker multiple={props.multiple} label={`${props.label} 选择文件`} onFiles={uploads.add}>
      {(choose) =>
        card ? (
          <button type="button" className="upl-add" onClick={choose}>
            <PlusOutlined />
            <span>{props.btnText}</span>
          </button>
        ) : (
          <Button icon={<UploadOutlined />} onClick={choose}>
            {props.btnText}
          </Button>
        )
      }
    </FilePicker>
  );
  const showAdder = editable && !full;
  return (
    <div className="upl-field">
      {props.listType === 'picture-card' ? (
        <UploadCards
          uploads={uploads}
          files={files}
          rules={rules}
          adder={showAdder ? picker(true) : null}
          label={props.label}
        />
      ) : (
        <>
          {showAdder && picker(false)}
          <UploadTextList uploads={uploads} files={files} rules={rules} label={props.label} />
        </>
      )}
      <PreviewModal path={files.previewing} onClose={files.closePreview} />
    </div>
  );
}
