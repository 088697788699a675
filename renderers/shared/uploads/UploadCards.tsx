import { FileOutlined } from '@ant-design/icons';
import { Progress, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { isImagePath, shortenName } from '../../../src/contracts/files';
import { ItemActions, type ItemRules } from './ItemActions';
import { SignedImage } from './SignedImage';
import { StatusIcon, itemTip } from './status';
import type { FileActions } from './use-file-actions';
import type { UploadItem, Uploads } from './use-uploads';

/** The side of a picture card's square, in px (antd's picture-card). */
const CARD_IMAGE = 86;

function CardBody({ item }: { readonly item: UploadItem }) {
  if (item.status === 'uploading') {
    return (
      <span className="upl-card-progress">
        <span>上传中</span>
        <Progress percent={Math.floor(item.percent)} size="small" showInfo={false} />
      </span>
    );
  }
  if (item.path !== undefined && isImagePath(item.path)) {
    return <SignedImage path={item.path} size={CARD_IMAGE} name={item.name} />;
  }
  return (
    <span className="upl-card-file">
      {item.status === 'error' ? <StatusIcon item={item} /> : <FileOutlined />}
      <span>{shortenName(item.name, 8)}</span>
    </span>
  );
}

export interface UploadCardsProps {
  readonly uploads: Uploads;
  readonly files: FileActions;
  readonly rules: ItemRules;
  /** The add card (null at the maximum or when read-only). */
  readonly adder: ReactNode;
  readonly label: string;
}

/** widgets.md §2.6: picture cards, each with its actions on hover, then the add card. */
export function UploadCards({ uploads, files, rules, adder, label }: UploadCardsProps) {
  const held = uploads.items.filter((i) => i.status === 'done').length;
  return (
    <ul className="upl-cards" aria-label={label}>
      {uploads.items.map((item, index) => (
        <li key={item.uid} className={`upl-card upl-card-${item.status}`} aria-label={item.name}>
          <Tooltip title={itemTip(item)}>
            <span className="upl-card-main">
              <CardBody item={item} />
            </span>
          </Tooltip>
          <ItemActions
            item={item}
            index={index}
            count={held}
            uploads={uploads}
            files={files}
            rules={rules}
            card
          />
        </li>
      ))}
      {adder && <li className="upl-card upl-card-add">{adder}</li>}
    </ul>
  );
}
