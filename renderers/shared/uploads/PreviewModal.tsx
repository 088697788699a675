import { Modal } from 'antd';
import { fileNameOf } from '../../../src/contracts/files';
import { SignedImage } from './SignedImage';

export interface PreviewModalProps {
  /** The stored picture shown; null: closed. */
  readonly path: string | null;
  readonly onClose: () => void;
}

/** widgets.md §2.6: a picture seen whole, in a modal titled with its name. */
export function PreviewModal({ path, onClose }: PreviewModalProps) {
  return (
    <Modal
      open={path !== null}
      title={path ? fileNameOf(path) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      {path && (
        <div className="upl-preview">
          <SignedImage path={path} />
        </div>
      )}
    </Modal>
  );
}
