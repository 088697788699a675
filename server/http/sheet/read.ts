import fs from 'node:fs';
import type ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { guarded, XlsxFileReader } from './xlsx-reader';

/**
 * The first worksheet of an uploaded .xlsx (exceljs' streaming reader: styles ignored, so
 * dates arrive as Excel serial numbers) or .xls (@e965/xlsx; legacy files only, behind a
 * smaller size limit), as rows of plain cell values. Readers stop after `maxRows` rows, so an
 * enormous sheet is never read to its end.
 */

export type Cell = string | number | boolean | Date | null;
export interface SheetRow {
  /** 1-based row number in the sheet (for messages: 第N行). */
  readonly number: number;
  readonly cells: readonly Cell[];
}
export type SheetFormat = 'xlsx' | 'xls';

/** The file is a zip or an OLE document but not a workbook the readers understand. */
export class SheetFormatError extends Error {
  override readonly name = 'SheetFormatError';
}

/** By the file's first bytes: a zip (xlsx) or an OLE compound document (xls). */
export function sheetFormat(head: Buffer): SheetFormat | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (
    head.length >= 8 &&
    head.readUInt32BE(0) === 0xd0cf11e0 &&
    head.readUInt32BE(4) === 0xa1b11ae1
  ) {
    return 'xls';
  }
  return null;
}

/**
 * Sum of the uncompressed sizes the zip's central directory declares, or null when it cannot
 * be read (not a zip, zip64). A guard against decompression bombs before any inflating.
 */
export function zipUncompressedSize(file: string): number | null {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 65_557));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length) return null;
    const entries = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > size) return null;
    const dir = Buffer.alloc(dirSize);
    fs.readSync(fd, dir, 0, dirSize, dirOffset);
    let total = 0;
    let at = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) return null;
      const uncompressed = dir.readUInt32LE(at + 24);
      if (uncompressed === 0xffffffff) return null;
      total += uncompressed;
      at += 46 + dir.readUInt16LE(at + 28) + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
    }
    return total;
  } finally {
    fs.closeSync(fd);
  }
}

type ExcelValue = ExcelJS.CellValue;

/** exceljs cell values (rich text, formulas, links, errors) → plain values. */
function plain(value: ExcelValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date))
      ? null
      : (result as Cell);
  }
  if ('hyperlink' in value) return String((value as { text?: unknown }).text ?? '');
  return null; // errors
}

/**
 * Rows of the first worksheet of an .xlsx (in the workbook's order); stops (and closes every
 * stream of the file) after `maxRows`. Throws `SheetFormatError` when the file holds no
 * worksheet; a broken zip throws what the zip reader reports instead of hanging (see `guarded`).
 */
export async function* readXlsx(file: string, maxRows: number): AsyncGenerator<SheetRow> {
  const reader = new XlsxFileReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let count = 0;
  try {
    for await (const sheet of guarded(reader, reader.failed)) {
      for await (const row of guarded(sheet, reader.failed)) {
        const values = row.values as ExcelValue[];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(plain(values[i]));
        yield { number: row.number, cells };
        if (++count >= maxRows) return;
      }
      return; // the first sheet only
    }
    throw new SheetFormatError('no worksheet');
  } finally {
    reader.close();
  }
}

/** Rows of the first sheet of an .xls (read whole; its size limit is small). */
export function readXls(file: string, maxRows: number): SheetRow[] {
  const book = XLSX.read(fs.readFileSync(file), {
    type: 'buffer',
    dense: true,
    cellDates: false,
    sheetRows: maxRows,
  });
  const first = book.SheetNames[0];
  if (first === undefined) throw new SheetFormatError('no worksheet');
  const sheet = book.Sheets[first];
  if (!sheet?.['!ref']) return [];
  const origin = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const rows = XLSX.utils.sheet_to_json<Cell[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  return rows.map((cells, i) => ({ number: origin + i + 1, cells }));
}
