import fs from 'node:fs';
import { failure } from '../errors';
import { readXls, readXlsx, sheetFormat, zipUncompressedSize, type SheetRow } from './read';

/**
 * The rows of an uploaded spreadsheet, whatever its format, behind the limits every import
 * shares: .xlsx streamed (and refused when it would inflate past a sane size), .xls only up to
 * 5 MB (the legacy reader holds the whole file), anything else refused by its first bytes.
 */

export const MAX_IMPORT_ROWS = 100_000;
export const XLSX_MAX_BYTES = 10 * 1024 * 1024;
export const XLS_MAX_BYTES = 5 * 1024 * 1024;
/** What an .xlsx may inflate to (a 100k × 20 sheet is ~100 MB of XML). */
const XLSX_MAX_INFLATED = 400 * 1024 * 1024;

export const MSG_TOO_MANY_ROWS = `数据行数超过上限（${MAX_IMPORT_ROWS}行），请分批导入`;

/** Rows of the first sheet; at most `maxRows` are read. */
export async function* uploadedRows(file: string, maxRows: number): AsyncGenerator<SheetRow> {
  const head = Buffer.alloc(8);
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  fs.readSync(fd, head, 0, 8, 0);
  fs.closeSync(fd);
  const format = sheetFormat(head);
  if (format === 'xlsx') {
    const inflated = zipUncompressedSize(file);
    if (inflated === null || inflated > XLSX_MAX_INFLATED) {
      throw failure('文件内容过大或已损坏，无法导入');
    }
    yield* readXlsx(file, maxRows);
  } else if (format === 'xls') {
    if (size > XLS_MAX_BYTES) throw failure('.xls 文件不能超过 5MB，请另存为 .xlsx 后导入');
    yield* readXls(file, maxRows);
  } else {
    throw failure('只能导入 Excel 文件（.xlsx 或 .xls）');
  }
}
