/** Helpers for answers that download a file. */

/** A file name without path separators, control characters or the characters Windows refuses. */
export function safeFileName(name: string, fallback = 'download'): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .trim()
    .slice(0, 120);
  return cleaned === '' || /^\.+$/.test(cleaned) ? fallback : cleaned;
}

function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `content-disposition: attachment` with an ASCII fallback name and the real (UTF-8) name
 * per RFC 5987 / RFC 6266, e.g. `订单.xlsx`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
