import { SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { shortenName } from '../../../src/contracts/files';
import { FilePicker } from './FilePicker';
import { FilePopup } from './FilePopup';
import { isImageFile, MSG_NOT_IMAGE } from './ImageUploadField';
import { PreviewModal } from './PreviewModal';
import { SignedImage } from './SignedImage';
import { LABEL_UPLOADING, StatusIcon, itemTip } from './status';
import { useFeedback } from './feedback';
import { useFileActions } from './use-file-actions';
import { useUploads, type UploadItem } from './use-uploads';
import './uploads.css';

/** widgets.md §8: the image cell's dialog on a failed upload. */
export const TITLE_UPLOAD_ERROR = '上传出错';

/** The side of an image cell's thumbnail, px. */
const CELL_IMAGE = 24;

export interface UploadCellProps {
  /** `file`, `upload`: the name with a status icon; `image`: a thumbnail. */
  readonly kind: 'file' | 'upload' | 'image';
  readonly value: unknown;
  readonly onChange?: (value: unknown) => void;
  readonly btnText: string;
  readonly allowDownload: boolean;
  readonly allowRemove: boolean;
  /** Most files 更多 holds; 0 or less: no limit. */
  readonly number: number;
  readonly biz?: string;
  readonly action?: string;
  readonly responseName?: string;
  readonly disabled?: boolean;
  /** The column title (names the controls). */
  readonly label: string;
}

function menuOf(
  item: UploadItem,
  props: UploadCellProps,
): { key: string; label: string; danger?: boolean }[] {
  const entries: { key: string; label: string; danger?: boolean }[] = [];
  if (item.status === 'error') entries.push({ key: 'retry', label: '重试' });
  if (item.path !== undefined && props.allowDownload)
    entries.push({ key: 'download', label: '下载' });
  if (props.allowRemove && !props.disabled)
    entries.push({ key: 'remove', label: '删除', danger: true });
  if (!props.disabled) entries.push({ key: 'more', label: '更多' });
  return entries;
}

/**
 * The editable grid's file, upload and image cells (widgets.md §2.5): one file with its status
 * (上传中(n%) with a spinner, the name shortened after 5 characters, or the failure's message),
 * a settings menu (操作: 重试, 下载, 删除, 更多 for several files in the file pop-up), and an
 * upload button when empty. The image cell shows a thumbnail and says 上传出错 in a dialog when
 * an upload fails.
 */
export function UploadCell(props: UploadCellProps) {
  const { message, modal } = useFeedback();
  const image = props.kind === 'image';
  const uploads = useUploads(props.value, props.onChange, {
    biz: props.biz,
    action: props.action,
    responseName: props.responseName,
    limit: 1,
    mode: 'replace',
    onError: (failed) => {
      if (image) {
        modal.error({
          title: TITLE_UPLOAD_ERROR,
          content: `错误信息：${failed.message || '上传失败'}`,
        });
      }
    },
  });
  const files = useFileActions();
  const [more, setMore] = useState(false);
  const pending = uploads.items.filter((i) => i.status !== 'done');
  const item = pending[pending.length - 1] ?? uploads.items[0];

  const onFiles = (chosen: File[]) => {
    const accepted = image ? chosen.filter(isImageFile) : chosen;
    if (accepted.length < chosen.length) void message.warning(MSG_NOT_IMAGE);
    uploads.add(accepted);
  };
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (!item) return;
    if (key === 'retry') uploads.retry(item.uid);
    else if (key === 'download' && item.path) files.download(item.path);
    else if (key === 'remove') {
      if (item.status === 'done') props.onChange?.('');
      else uploads.remove(item.uid);
    } else if (key === 'more') setMore(true);
  };

  let body;
  if (!item) {
    body = props.disabled ? null : (
      <FilePicker
        label={`${props.label} 选择文件`}
        accept={image ? 'image/*' : undefined}
        onFiles={onFiles}
      >
        {(choose) => (
          <Button size="small" icon={<UploadOutlined />} onClick={choose}>
            {props.btnText}
          </Button>
        )}
      </FilePicker>
    );
  } else {
    body = (
      <span className="upl-cell-file">
        {item.status === 'uploading' ? (
          <Tooltip title={itemTip(item)}>
            <span className="upl-cell-name">
              <StatusIcon item={item} />
              <span>{LABEL_UPLOADING}</span>
            </span>
          </Tooltip>
        ) : image && item.path ? (
          <button
            type="button"
            className="upl-cell-thumb"
            aria-label={`预览 ${item.name}`}
            onClick={() => files.open(item.path!)}
          >
            <SignedImage path={item.path} size={CELL_IMAGE} name={item.name} />
          </button>
        ) : (
          <span className="upl-cell-name">
            <StatusIcon item={item} />
            <Tooltip title={itemTip(item)}>
              <span>{shortenName(item.name, 5)}</span>
            </Tooltip>
          </span>
        )}
        <Dropdown trigger={['click']} menu={{ items: menuOf(item, props), onClick: onMenu }}>
          <Tooltip title="操作">
            <Button size="small" type="text" icon={<SettingOutlined />} aria-label="操作" />
          </Tooltip>
        </Dropdown>
      </span>
    );
  }

  return (
    <span className="upl-cell">
      {body}
      <PreviewModal path={files.previewing} onClose={files.closePreview} />
      {more && (
        <FilePopup
          open
          kind={image ? 'image' : 'file'}
          value={uploads.paths.join(',')}
          number={props.number}
          biz={props.biz}
          action={props.action}
          responseName={props.responseName}
          allowDownload={props.allowDownload}
          allowRemove={props.allowRemove}
          onOk={(value) => {
            props.onChange?.(value);
            setMore(false);
          }}
          onCancel={() => setMore(false)}
        />
      )}
    </span>
  );
}
