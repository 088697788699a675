/**
 * How long the temporary blob address outlives the click. Chromium starts the download
 * asynchronously; revoking the address in the same task can cancel it on a busy machine.
 */
const REVOKE_AFTER_MS = 40_000;

/** Saves a blob as a file through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.style.display = 'none';
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
