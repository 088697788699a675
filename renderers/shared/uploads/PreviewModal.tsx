import { Modal } from 'antd';
import { SignedImage } from './SignedImage';
import { useFileNames } from './use-file-names';

export interface PreviewModalProps {
  /** The stored picture shown; null: closed. */
  readonly path: string | null;
  readonly onClose: () => void;
}

/** widgets.md §2.6: a picture seen whole, in a modal titled with its name. */
export function PreviewModal({ path, onClose }: PreviewModalProps) {
  const nameOf = useFileNames(path ? [path] : []);
  return (
    <Modal
      open={path !== null}
      title={path ? nameOf(path) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      {path && (
        <div className="upl-preview">
          <SignedImage path={path} name={nameOf(path)} />
        </div>
      )}
    </Modal>
  );
}
