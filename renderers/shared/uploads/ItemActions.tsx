import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  LeftOutlined,
  RedoOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { isImagePath } from '../../../src/contracts/files';
import type { FileActions } from './use-file-actions';
import type { UploadItem, Uploads } from './use-uploads';

/** What a field lets the user do with its files. */
export interface ItemRules {
  readonly allowRemove: boolean;
  readonly allowDownload: boolean;
  /** Pictures get left/right arrows (picture cards of the file field). */
  readonly reorder: boolean;
}

function Action(props: {
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <button type="button" className="upl-action" aria-label={props.label} onClick={props.onClick}>
        {props.icon}
      </button>
    </Tooltip>
  );
}

export interface ItemActionsProps {
  readonly item: UploadItem;
  /** The item's place among the held files, and how many there are (arrows at the ends). */
  readonly index: number;
  readonly count: number;
  readonly uploads: Uploads;
  readonly files: FileActions;
  readonly rules: ItemRules;
  /** Cards show a preview eye on pictures; lists open them by the name. */
  readonly card: boolean;
}

/** The buttons of one file: preview, arrows, download, retry, remove (as the rules allow). */
export function ItemActions({ item, index, count, uploads, files, rules, card }: ItemActionsProps) {
  const { path } = item;
  const image = path !== undefined && isImagePath(path);
  return (
    <span className="upl-actions">
      {rules.reorder && image && index > 0 && (
        <Action label="左移" icon={<LeftOutlined />} onClick={() => uploads.move(item.uid, -1)} />
      )}
      {card && image && (
        <Action label="预览" icon={<EyeOutlined />} onClick={() => files.open(path)} />
      )}
      {path !== undefined && rules.allowDownload && (!card || !image) && (
        <Action label="下载" icon={<DownloadOutlined />} onClick={() => files.download(path)} />
      )}
      {item.status === 'error' && (
        <Action label="重试" icon={<RedoOutlined />} onClick={() => uploads.retry(item.uid)} />
      )}
      {(rules.allowRemove || item.status !== 'done') && (
        <Action label="删除" icon={<DeleteOutlined />} onClick={() => uploads.remove(item.uid)} />
      )}
      {rules.reorder && image && index < count - 1 && (
        <Action label="右移" icon={<RightOutlined />} onClick={() => uploads.move(item.uid, 1)} />
      )}
    </span>
  );
}
