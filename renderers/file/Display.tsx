import type { DisplayProps } from '../../registry/types';
import { FilesView } from '../shared/uploads/FilesView';

/** `file` and `upload` read-only: the names as links that download. */
export function FileDisplay(props: DisplayProps) {
  return <FilesView {...props} />;
}
