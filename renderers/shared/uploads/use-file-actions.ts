import { useCallback, useState } from 'react';
import { useServices } from '../../../registry/services';
import { isImagePath } from '../../../src/contracts/files';
import { MSG_DOWNLOAD_FAILED, fileClientFor } from '../../../src/runtime/files';
import { useFeedback } from './feedback';

export interface FileActions {
  /** Saves a stored file under its name; a failure warns (文件下载失败, or why). */
  download(path: string): void;
  /** Pictures open in the preview modal, other files download. */
  open(path: string): void;
  /** The picture in the preview modal (null: closed). */
  readonly previewing: string | null;
  closePreview(): void;
}

/** Downloading and previewing the stored files of a field, cell or view. */
export function useFileActions(): FileActions {
  const client = fileClientFor(useServices().http);
  const { message } = useFeedback();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const download = useCallback(
    (path: string) => {
      client.download(path).catch((error: unknown) => {
        const text = error instanceof Error && error.message ? error.message : MSG_DOWNLOAD_FAILED;
        void message.warning(text);
      });
    },
    [client, message],
  );
  const open = useCallback(
    (path: string) => (isImagePath(path) ? setPreviewing(path) : download(path)),
    [download],
  );
  return { download, open, previewing, closePreview: () => setPreviewing(null) };
}
