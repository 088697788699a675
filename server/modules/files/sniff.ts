import type { UploadKind } from '../../config';

/**
 * Recognises an upload by its first bytes (magic numbers), never by its name. Zip containers
 * (docx/xlsx/pptx/zip) are told apart later from their central directory (zip-inspect.ts).
 */

/** Bytes kept from the start of each upload for the check. */
export const SNIFF_BYTES = 4100;

export type Sniffed = UploadKind | 'zip-container' | 'ole' | null;

function startsWith(head: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((b, i) => head[offset + i] === b);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** What the content is, or null when it is none of the types we know. */
export function sniff(head: Buffer): Sniffed {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip-container';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  return isPlainText(head) ? 'txt' : null;
}

/**
 * UTF-8 text with no control bytes that does not open like markup: anything whose first
 * non-blank character is `<` (HTML, SVG, XML) is not plain text.
 */
function isPlainText(head: Buffer): boolean {
  if (head.length === 0) return false;
  let text: string;
  try {
    // A multi-byte character may be cut at the end of the sniffed bytes.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, trimmedEnd(head)));
  } catch {
    return false;
  }
  for (const char of text) {
    const code = char.charCodeAt(0);
    const control = code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r' && char !== '\f';
    if (control || code === 0x7f) return false;
  }
  return !/^\ufeff?\s*</.test(text);
}

/** The end of the buffer without a trailing, incomplete UTF-8 sequence. */
function trimmedEnd(head: Buffer): number {
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = head[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (need > back) end -= back;
    }
    break;
  }
  return end;
}
