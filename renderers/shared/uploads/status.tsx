import { ExclamationCircleOutlined, LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { UploadItem } from './use-uploads';

/** widgets.md §8: a failed upload without a message. */
export const MSG_UPLOAD_FAILED = '上传失败';
/** widgets.md §2.5: the status tooltip of a finished upload. */
export const LABEL_UPLOADED = '上传完成';
/** The text beside the spinner while a file uploads. */
export const LABEL_UPLOADING = '上传中…';

/** widgets.md §2.5: `上传中(n%)` with n the whole percent. */
export function uploadingTip(percent: number): string {
  return `上传中(${Math.floor(percent)}%)`;
}

/** What an item's hover says: its progress, its name, or why it failed. */
export function itemTip(item: UploadItem): string {
  if (item.status === 'uploading') return uploadingTip(item.percent);
  if (item.status === 'error') return item.message || MSG_UPLOAD_FAILED;
  return item.name;
}

/** The status icon of an item: a spinner, a red exclamation, or a paper clip (上传完成). */
export function StatusIcon({ item }: { readonly item: UploadItem }) {
  if (item.status === 'uploading') {
    return <LoadingOutlined className="upl-status" aria-label={uploadingTip(item.percent)} />;
  }
  if (item.status === 'error') {
    return (
      <ExclamationCircleOutlined
        className="upl-status upl-status-error"
        aria-label={item.message || MSG_UPLOAD_FAILED}
      />
    );
  }
  return (
    <Tooltip title={LABEL_UPLOADED}>
      <PaperClipOutlined className="upl-status" aria-label={LABEL_UPLOADED} />
    </Tooltip>
  );
}
