import { lazy, Suspense } from 'react';
import type { DisplayProps } from '../../registry/types';
import { TextView } from '../shared/TextView';
import { htmlToText } from './html-text';

// The detail view brings the HTML cleaner (DOMPurify): it loads with the first detail that
// shows rich text, not with every list (this display is registered up front).
const RichtextView = lazy(() => import('./RichtextView'));

/**
 * Rich text read-only (light: no editor code). In a list cell: its words, shortened, whole in a
 * tooltip. In a detail view: the HTML cleaned by `safeHtml` (never shown raw), its uploaded
 * images shown through signed URLs.
 */
export function RichtextDisplay(props: DisplayProps) {
  if (props.variant !== 'detail') {
    return <TextView text={htmlToText(props.value)} variant="cell" />;
  }
  return (
    <Suspense fallback={null}>
      <RichtextView html={typeof props.value === 'string' ? props.value : ''} />
    </Suspense>
  );
}
