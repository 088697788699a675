import { Tooltip } from 'antd';
import type { DisplayProps } from '../../../registry/types';
import { shortenName, splitFilePaths } from '../../../src/contracts/files';
import { PreviewModal } from './PreviewModal';
import { SignedImage } from './SignedImage';
import { useFileActions } from './use-file-actions';
import { useFileNames } from './use-file-names';
import './uploads.css';

/** The side of a list's thumbnail, px. */
const VIEW_IMAGE = 32;

/**
 * Read-only stored files (lists, detail views): their names as links that download through the
 * token-carrying client; in a cell a name is shortened after 5 characters (whole on hover).
 * No file: nothing.
 */
export function FilesView({ value, variant = 'cell' }: DisplayProps) {
  const paths = splitFilePaths(value);
  const files = useFileActions();
  const nameOf = useFileNames(paths);
  if (paths.length === 0) return null;
  return (
    <span className="upl-view">
      {paths.map((path, i) => {
        const name = nameOf(path);
        const shown = variant === 'cell' ? shortenName(name, 5) : name;
        const link = (
          <button
            key={`${i}:${path}`}
            type="button"
            className="upl-view-link"
            aria-label={`下载 ${name}`}
            onClick={(event) => {
              event.stopPropagation();
              files.download(path);
            }}
          >
            {shown}
          </button>
        );
        return shown === name ? (
          link
        ) : (
          <Tooltip key={`${i}:${path}`} title={name}>
            {link}
          </Tooltip>
        );
      })}
    </span>
  );
}

/** Read-only stored pictures: small thumbnails (signed URLs); a click previews. */
export function ImagesView({ value }: DisplayProps) {
  const paths = splitFilePaths(value);
  const files = useFileActions();
  const nameOf = useFileNames(paths);
  if (paths.length === 0) return null;
  return (
    <span className="upl-view">
      {paths.map((path, i) => (
        <button
          key={`${i}:${path}`}
          type="button"
          className="upl-cell-thumb"
          aria-label={`预览 ${nameOf(path)}`}
          onClick={(event) => {
            event.stopPropagation();
            files.open(path);
          }}
        >
          <SignedImage path={path} size={VIEW_IMAGE} name={nameOf(path)} />
        </button>
      ))}
      <PreviewModal path={files.previewing} onClose={files.closePreview} />
    </span>
  );
}
