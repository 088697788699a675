import { Progress, Tooltip } from 'antd';
import { ItemActions, type ItemRules } from './ItemActions';
import { StatusIcon, itemTip } from './status';
import type { FileActions } from './use-file-actions';
import type { Uploads } from './use-uploads';

export interface UploadTextListProps {
  readonly uploads: Uploads;
  readonly files: FileActions;
  readonly rules: ItemRules;
  readonly label: string;
}

/** widgets.md §2.6: the file names under the upload button, a progress bar while uploading. */
export function UploadTextList({ uploads, files, rules, label }: UploadTextListProps) {
  if (uploads.items.length === 0) return null;
  const held = uploads.items.filter((i) => i.status === 'done').length;
  return (
    <ul className="upl-list" aria-label={label}>
      {uploads.items.map((item, index) => (
        <li key={item.uid} className={`upl-row upl-row-${item.status}`} aria-label={item.name}>
          <span className="upl-row-line">
            <StatusIcon item={item} />
            <Tooltip title={itemTip(item)}>
              {item.path !== undefined ? (
                <button type="button" className="upl-name" onClick={() => files.open(item.path!)}>
                  {item.name}
                </button>
              ) : (
                <span className="upl-name">{item.name}</span>
              )}
            </Tooltip>
            <ItemActions
              item={item}
              index={index}
              count={held}
              uploads={uploads}
              files={files}
              rules={rules}
              card={false}
            />
          </span>
          {item.status === 'uploading' && (
            <Progress percent={Math.floor(item.percent)} size="small" />
          )}
        </li>
      ))}
    </ul>
  );
}
