import type { ReactNode } from 'react';
import type { ImportFileOutcome, ImportSummary } from '../../../src/contracts/import-result';
import { MSG_IMPORT_DETAILS, MSG_IMPORT_DOWNLOAD } from '../messages';

/**
 * The body of the dialog after a 201 import answer (widgets.md §7 "Import response handling"):
 * one file — the server's message, its counts and a link to the error file; several files —
 * one line per file with its outcome and, when it has one, the link to its own error file.
 */

export type DownloadErrors = (fileUrl: string, fileName: string | undefined) => void;

function DownloadLink({
  url,
  name,
  onDownload,
}: {
  readonly url: string;
  readonly name: string | undefined;
  readonly onDownload: DownloadErrors;
}) {
  return (
    <a
      href="#"
      onClick={(event) => {
        event.preventDefault();
        onDownload(url, name);
      }}
    >
      {MSG_IMPORT_DOWNLOAD}
    </a>
  );
}

function FileLine({
  file,
  onDownload,
}: {
  readonly file: ImportFileOutcome;
  readonly onDownload: DownloadErrors;
}) {
  return (
    <li data-testid="import-file-outcome">
      <strong>{file.name}</strong>：{file.message}
      {file.fileUrl && (
        <>
          {' '}
          {MSG_IMPORT_DETAILS}{' '}
          <DownloadLink url={file.fileUrl} name={file.fileName} onDownload={onDownload} />
        </>
      )}
    </li>
  );
}

/** `message` is left out when no row was saved (it would say 文件导入成功). */
export function partialImportContent(
  message: string | null,
  result: ImportSummary,
  onDownload: DownloadErrors,
): ReactNode {
  if (result.files && result.files.length > 0) {
    return (
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        {result.files.map((file, i) => (
          <FileLine key={i} file={file} onDownload={onDownload} />
        ))}
      </ul>
    );
  }
  return (
    <div>
      {message && <div>{message}</div>}
      {result.msg && <div>{result.msg}</div>}
      {result.fileUrl && (
        <div>
          {MSG_IMPORT_DETAILS}{' '}
          <DownloadLink url={result.fileUrl} name={result.fileName} onDownload={onDownload} />
        </div>
      )}
    </div>
  );
}
