import ExcelJS from 'exceljs';
import { fileUrl, newStoredPath } from '../../modules/files/storage';
import type { Cell } from './read';

/** The column of the error file saying what is wrong with a row (imports ignore it). */
export const ERROR_COLUMN = '错误信息';

/** A row an import refused: where it was, what it held, why. */
export interface BadRow {
  /** 1-based row number in the uploaded sheet. */
  readonly number: number;
  readonly cells: readonly Cell[];
  readonly message: string;
}

/**
 * The rows an import refused, as an .xlsx the user downloads, fixes and imports again: the
 * file's own header and cells, plus a 错误信息 column saying what is wrong (the importer
 * ignores that column).
 */
export async function writeErrorFile(
  filesDir: string,
  title: string,
  header: readonly Cell[],
  rows: readonly BadRow[],
): Promise<{ fileUrl: string; fileName: string }> {
  const fileName = `${title}_导入错误`;
  const { relativePath, absolutePath } = newStoredPath(filesDir, 'import-errors', fileName, 'xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: absolutePath,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('错误数据');
  const width = Math.max(header.length, ...rows.slice(0, 1000).map((r) => r.cells.length));
  const pad = (cells: readonly Cell[]) => Array.from({ length: width }, (_, i) => cells[i] ?? null);
  sheet.addRow([...pad(header), ERROR_COLUMN]).commit();
  for (const row of rows)
    sheet.addRow([...pad(row.cells), `第${row.number}行：${row.message}`]).commit();
  sheet.commit();
  await workbook.commit();
  return { fileUrl: fileUrl(relativePath), fileName: relativePath.split('/').pop()! };
}
