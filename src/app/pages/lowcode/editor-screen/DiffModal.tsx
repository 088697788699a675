import { Suspense, type ReactNode } from 'react';
import { Modal, Spin } from 'antd';
import { useCodeEditors } from '../editor/editors-context';
import type { DiffViewProps } from '../editor/types';
import { EditorErrorBoundary } from '../editor/EditorErrorBoundary';
import PlainDiffView from '../editor/PlainDiffView';

/** Two texts of a definition compared in a wide dialog (monaco's diff, loaded on first use). */
export function DiffModal({
  title,
  footer,
  onClose,
  ...diff
}: DiffViewProps & {
  readonly title: string;
  readonly footer?: ReactNode;
  readonly onClose: () => void;
}) {
  const { Diff } = useCodeEditors();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={footer ?? null}
      width="min(1200px, 96vw)"
      styles={{ body: { height: 'min(70vh, 720px)' } }}
      destroyOnHidden
    >
      <EditorErrorBoundary fallback={<PlainDiffView {...diff} />}>
        <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
          <Diff {...diff} />
        </Suspense>
      </EditorErrorBoundary>
    </Modal>
  );
}
