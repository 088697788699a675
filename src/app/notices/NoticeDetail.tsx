import { Suspense, lazy, useState } from 'react';
import type { Notice } from '../../contracts/notice';

// The detail (and its HTML cleaner) loads when a notice is first opened, not with the shell.
const NoticeDetailModal = lazy(() =>
  import('./NoticeDetailModal').then((m) => ({ default: m.NoticeDetailModal })),
);

export interface NoticeDetailProps {
  /** The notice to show; null: closed. */
  readonly notice: Notice | null;
  readonly onClose: () => void;
}

/** The notice detail modal, loaded on first use; the last notice stays while it closes. */
export function NoticeDetail({ notice, onClose }: NoticeDetailProps) {
  const [shown, setShown] = useState<Notice | null>(null);
  if (notice && notice !== shown) setShown(notice);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDetailModal notice={shown} open={notice !== null} onClose={onClose} />
    </Suspense>
  );
}
