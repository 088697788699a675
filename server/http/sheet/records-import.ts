import type { ApiEnvelope } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { inSavepoint } from '../../db/transaction';
import type { DictCache } from '../../modules/dict/cache';
import { AppError, failure } from '../errors';
import { serialText, type TextMap } from './cells';
import { columnTexts, type SheetColumn } from './columns';
import { ERROR_COLUMN, type BadRow } from './error-file';
import { importAnswer, MSG_NO_HEADER, type ImportOutcome } from './import-result';
import type { Cell } from './read';
import { MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS, uploadedRows } from './upload-rows';

/**
 * `importExcel` of a system screen (jeecg-api.md §4.13): the header row names the columns (by
 * label or property name, within the first rows, so the reference's two title rows are fine),
 * dictionary texts become values, Excel dates become text, and each row goes through the
 * screen's own save function, which checks it exactly as `add` does. Rows it refuses go to a
 * downloadable error file (code 201); the others are saved. The file is one transaction: each
 * row runs in a savepoint, so a refused row leaves nothing of itself, and any other failure
 * (the database, a bug) undoes the whole file: nothing is half-saved.
 */

const HEADER_SEARCH = 10;

/** A row as the save function gets it: property → value, blank cells left out. */
export type ImportedRecord = Record<string, string | number>;

export interface RecordsImport {
  readonly db: Db;
  /** The uploaded file (saved to disk). */
  readonly file: string;
  /** Names the error file. */
  readonly title: string;
  readonly columns: readonly SheetColumn[];
  readonly dicts: DictCache;
  readonly filesDir: string;
  /**
   * Saves one row through `tx`, the import's transaction (every query of the save must use it:
   * on the embedded database a query beside it would wait for ever); throws an AppError whose
   * message says why the row is refused.
   */
  readonly save: (record: ImportedRecord, tx: Db) => Promise<void>;
}

function isBlank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

function headerColumns(
  cells: readonly Cell[],
  columns: readonly SheetColumn[],
): (SheetColumn | null)[] | null {
  const byName = new Map<string, SheetColumn>();
  for (const column of columns) {
    if (column.exportOnly) continue;
    byName.set(column.label, column);
    byName.set(column.name.toLowerCase(), column);
  }
  const mapped = cells.map((cell) => {
    if (typeof cell !== 'string' || cell.trim() === ERROR_COLUMN) return null;
    const text = cell.trim();
    return byName.get(text) ?? byName.get(text.toLowerCase()) ?? null;
  });
  return mapped.some((c) => c !== null) ? mapped : null;
}

function reverse(texts: TextMap): Map<string, string> {
  const map = new Map<string, string>();
  for (const [value, text] of texts) {
    map.set(value, value);
    if (!map.has(text)) map.set(text, value);
  }
  return map;
}

function cellText(cell: Cell, column: SheetColumn): string {
  if (cell instanceof Date) return serialText(cell, column.type !== 'date');
  if (typeof cell === 'number' && (column.type === 'date' || column.type === 'datetime')) {
    return serialText(cell, column.type === 'datetime');
  }
  if (typeof cell === 'boolean') return cell ? '1' : '0';
  return String(cell).trim();
}

function cellValue(
  cell: Cell,
  column: SheetColumn,
  values: ReadonlyMap<string, string> | undefined,
): string | number {
  const text = cellText(cell, column);
  if (values) {
    const items = text.includes(',') ? text.split(',').map((t) => t.trim()) : [text];
    const mapped = items.map((item) => {
      const value = values.get(item);
      if (value === undefined) throw failure(`“${column.label}”的值“${item}”不是可选的值`);
      return value;
    });
    return mapped.join(',');
  }
  if (column.type === 'integer' || column.type === 'number') {
    const n = typeof cell === 'number' ? cell : Number(text);
    if (!Number.isFinite(n) || (column.type === 'integer' && !Number.isInteger(n))) {
      throw failure(`“${column.label}”应为${column.type === 'integer' ? '整数' : '数字'}`);
    }
    return n;
  }
  return text;
}

export async function importRecords(input: RecordsImport): Promise<ApiEnvelope<unknown>> {
  const texts = await columnTexts(input.columns, input.dicts);
  const values = new Map([...texts].map(([name, map]) => [name, reverse(map)]));
  const read = await input.db.transaction().execute((tx) => importRows(input, values, tx));
  return importAnswer(input.filesDir, input.title, read);
}

async function importRows(
  input: RecordsImport,
  values: ReadonlyMap<string, ReadonlyMap<string, string>>,
  tx: Db,
): Promise<ImportOutcome> {
  let header: (SheetColumn | null)[] | null = null;
  let headerCells: readonly Cell[] = [];
  let searched = 0;
  let total = 0;
  let saved = 0;
  const bad: BadRow[] = [];

  for await (const row of uploadedRows(input.file, MAX_IMPORT_ROWS + HEADER_SEARCH)) {
    if (!header) {
      header = headerColumns(row.cells, input.columns);
      headerCells = row.cells;
      if (!header && ++searched >= HEADER_SEARCH) break;
      continue;
    }
    if (row.cells.every(isBlank)) continue;
    if (++total > MAX_IMPORT_ROWS) throw failure(MSG_TOO_MANY_ROWS);
    const columns = header;
    try {
      const record: ImportedRecord = {};
      columns.forEach((column, i) => {
        const cell = row.cells[i];
        if (column && !isBlank(cell)) {
          record[column.name] = cellValue(cell!, column, values.get(column.name));
        }
      });
      await inSavepoint(tx, 'import_row', () => input.save(record, tx));
      saved++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      bad.push({ number: row.number, cells: row.cells, message: error.message });
    }
  }
  if (!header) throw failure(MSG_NO_HEADER);
  return { header: headerCells, total, saved, bad };
}
