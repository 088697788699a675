import type { DisplayProps } from '../../registry/types';
import { ImagesView } from '../shared/uploads/FilesView';

/** `image` read-only: small thumbnails, a click previews (light: lists load no upload code). */
export function ImageDisplay(props: DisplayProps) {
  return <ImagesView {...props} />;
}
