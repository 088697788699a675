import { Modal } from 'antd';
import { useState } from 'react';
import { splitFilePaths } from '../../../src/contracts/files';
import { FileUploadField } from './FileUploadField';
import { useFeedback } from './feedback';

/** widgets.md §8: 确定 with no file. */
export const MSG_NO_FILE = '未上传任何文件';
/** widgets.md §2.6, §9: the pop-up's size. */
export const FILE_POPUP_WIDTH = 520;
export const FILE_POPUP_HEIGHT = 200;

export interface FilePopupProps {
  readonly open: boolean;
  /** `image`: 图片上传; `file`: 文件上传. */
  readonly kind: 'image' | 'file';
  /** The paths it starts with. */
  readonly value: unknown;
  /** Most files; 0: no limit. */
  readonly number: number;
  readonly biz?: string;
  readonly action?: string;
  readonly responseName?: string;
  readonly allowDownload: boolean;
  readonly allowRemove: boolean;
  /** 确定 with at least one file: the paths, comma-joined. */
  readonly onOk: (value: string) => void;
  readonly onCancel: () => void;
}

/**
 * widgets.md §2.6 "File pop-up": several files for a cell, in a modal 520 wide with a body 200
 * high; 确定 without a file says 未上传任何文件 and stays open.
 */
export function FilePopup(props: FilePopupProps) {
  const { message } = useFeedback();
  const [value, setValue] = useState<unknown>(props.value);
  const title = props.kind === 'image' ? '图片上传' : '文件上传';
  const onOk = () => {
    const paths = splitFilePaths(value);
    if (paths.length === 0) {
      void message.error(MSG_NO_FILE);
      return;
    }
    props.onOk(paths.join(','));
  };
  return (
    <Modal
      open={props.open}
      title={title}
      width={FILE_POPUP_WIDTH}
      styles={{ body: { height: FILE_POPUP_HEIGHT, overflowY: 'auto' } }}
      okText="确定"
      cancelText="取消"
      onOk={onOk}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <FileUploadField
        value={value}
        onChange={setValue}
        number={props.number}
        multiple
        listType={props.kind === 'image' ? 'picture-card' : 'text'}
        biz={props.biz}
        action={props.action}
        responseName={props.responseName}
        allowDownload={props.allowDownload}
        allowRemove={props.allowRemove}
        btnText={props.kind === 'image' ? '上传图片' : '上传文件'}
        label={title}
      />
    </Modal>
  );
}
