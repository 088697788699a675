import fs from 'node:fs';

/**
 * Reads a zip's central directory with a bounded number of bytes, to tell docx/xlsx/pptx from
 * a plain zip and to refuse zip bombs by their declared sizes before anything is unpacked.
 */

const EOCD_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
/** End-of-central-directory record (22 bytes) plus the longest comment. */
const EOCD_SEARCH = 22 + 0xffff;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/** Limits of what a zip may declare. */
export const ZIP_LIMITS = {
  entries: 10_000,
  /** Total uncompressed bytes. */
  totalBytes: 1024 * 1024 * 1024,
  /** Uncompressed / stored, applied once the total passes `ratioFloor`. */
  ratio: 100,
  ratioFloor: 50 * 1024 * 1024,
} as const;

export type ZipVerdict =
  { ok: true; kind: 'docx' | 'xlsx' | 'pptx' | 'zip' } | { ok: false; reason: 'broken' | 'bomb' };

async function readAt(handle: fs.promises.FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

export async function inspectZip(file: string, size: number): Promise<ZipVerdict> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const tailStart = Math.max(0, size - EOCD_SEARCH);
    const tail = await readAt(handle, tailStart, size - tailStart);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return { ok: false, reason: 'broken' };
    const entries = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    // ZIP64 markers: sizes beyond 4 GB are never a document we accept.
    if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      return { ok: false, reason: 'bomb' };
    }
    if (entries > ZIP_LIMITS.entries || directorySize > MAX_DIRECTORY_BYTES) {
      return { ok: false, reason: 'bomb' };
    }
    if (directoryOffset + directorySize > size) return { ok: false, reason: 'broken' };
    const directory = await readAt(handle, directoryOffset, directorySize);
    let total = 0;
    const names: string[] = [];
    let at = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== ENTRY_SIGNATURE) {
        return { ok: false, reason: 'broken' };
      }
      const uncompressed = directory.readUInt32LE(at + 24);
      if (uncompressed === 0xffffffff) return { ok: false, reason: 'bomb' };
      total += uncompressed;
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    if (total > ZIP_LIMITS.totalBytes) return { ok: false, reason: 'bomb' };
    if (total > ZIP_LIMITS.ratioFloor && total > size * ZIP_LIMITS.ratio) {
      return { ok: false, reason: 'bomb' };
    }
    return { ok: true, kind: officeKind(names) };
  } finally {
    await handle.close();
  }
}

function officeKind(names: readonly string[]): 'docx' | 'xlsx' | 'pptx' | 'zip' {
  if (!names.includes('[Content_Types].xml')) return 'zip';
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return 'zip';
}
