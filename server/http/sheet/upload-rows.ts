import fs from 'node:fs';
import { AppError, failure } from '../errors';
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
export const MSG_BAD_FORMAT = '文件格式错误：无法读取该 Excel 文件，请检查文件是否完整';

/**
 * What a reader throws about the file (a truncated OLE document, a corrupt zip entry, broken
 * XML, no worksheet) is the user's file, not a server fault; an error of the system (disk,
 * descriptors), which carries a `syscall`, stays one.
 */
function asFormatError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  return failure(MSG_BAD_FORMAT);
}

/** The rows `read` gives, what it throws about the file turned into a clear refusal. */
async function* readable(read: () => AsyncIterable<SheetRow> | Iterable<SheetRow>) {
  try {
    yield* read();
  } catch (error) {
    throw asFormatError(error);
  }
}

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
    yield* readable(() => readXlsx(file, maxRows));
  } else if (format === 'xls') {
    if (size > XLS_MAX_BYTES) throw failure('.xls 文件不能超过 5MB，请另存为 .xlsx 后导入');
    yield* readable(() => readXls(file, maxRows));
  } else {
    throw failure('只能导入 Excel 文件（.xlsx 或 .xls）');
  }
}
