import { sql } from 'kysely';
import type { ApiEnvelope } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import type { DictCache } from '../../modules/dict/cache';
import { AppError, failure } from '../errors';
import { serialText, type TextMap } from './cells';
import { columnTexts, type SheetColumn } from './columns';
import { ERROR_COLUMN, type BadRow } from './error-file';
import { importAnswer, MSG_NO_HEADER } from './import-result';
import type { Cell } from './read';
import { MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS, uploadedRows } from './upload-rows';

/**
 * `importExcel` of a system screen (jeecg-api.md §4.13): the header row names the columns (by
 * label or property name, within the first rows, so the reference's two title rows are fine),
 * dictionary texts become values, Excel dates become text, and each row goes through the
 * screen's own save function, which checks it exactly as `add` does. Rows it refuses go to a
 * downloadable error file (code 201); the others are saved.
 *
 * A file is one transaction, as online imports are: each row runs under a savepoint, so a row
 * the save refuses (an AppError) leaves nothing of itself behind, and anything else failing
 * (the database refusing a row the checks let through, the database going away) rolls the
 * whole file back: nothing of it is saved, and the answer names the row.
 */

const HEADER_SEARCH = 10;

/** A row as the save function gets it: property → value, blank cells left out. */
export type ImportedRecord = Record<string, string | number>;

export interface RecordsImport {
  /** Where the rows are saved: the file's transaction is opened on it. */
  readonly db: Db;
  /** The uploaded file (saved to disk). */
  readonly file: string;
  /** Names the error file. */
  readonly title: string;
  readonly columns: readonly SheetColumn[];
  readonly dicts: DictCache;
  readonly filesDir: string;
  /**
   * Saves one row through `tx` (the file's transaction); throws an AppError whose message says
   * why the row is refused.
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

export const msgImportRowFailed = (row: number) =>
  `第${row}行保存失败，整个文件未导入（已回滚），请检查该行后重新导入`;

/** Rows saved one by one under a savepoint each, in the file's transaction `tx`. */
async function saveRow(
  tx: Db,
  rowNumber: number,
  save: () => Promise<void>,
): Promise<{ readonly refused: string | null }> {
  await sql`savepoint import_row`.execute(tx);
  try {
    await save();
  } catch (error) {
    await sql`rollback to savepoint import_row`.execute(tx);
    if (error instanceof AppError) return { refused: error.message };
    throw new ImportRowError(rowNumber, error);
  }
  await sql`release savepoint import_row`.execute(tx);
  return { refused: null };
}

/** A row failed for a reason other than the save's refusal: the whole file rolls back. */
class ImportRowError extends Error {
  constructor(
    readonly row: number,
    override readonly cause: unknown,
  ) {
    super(msgImportRowFailed(row));
  }
}

export async function importRecords(input: RecordsImport): Promise<ApiEnvelope<unknown>> {
  try {
    return await input.db.transaction().execute((tx) => importInto(tx, input));
  } catch (error) {
    if (!(error instanceof ImportRowError)) throw error;
    // The cause (an SQL error) stays in the server's log, never in the answer.
    throw Object.assign(failure(error.message), { cause: error.cause });
  }
}

async function importInto(tx: Db, input: RecordsImport): Promise<ApiEnvelope<unknown>> {
  const texts = await columnTexts(input.columns, input.dicts);
  const values = new Map([...texts].map(([name, map]) => [name, reverse(map)]));
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
    const cells = row.cells;
    const { refused } = await saveRow(tx, row.number, async () => {
      const record: ImportedRecord = {};
      header!.forEach((column, i) => {
        const cell = cells[i];
        if (column && !isBlank(cell)) {
          record[column.name] = cellValue(cell!, column, values.get(column.name));
        }
      });
      await input.save(record, tx);
    });
    if (refused === null) saved++;
    else bad.push({ number: row.number, cells, message: refused });
  }
  if (!header) throw failure(MSG_NO_HEADER);
  return importAnswer(input.filesDir, input.title, { header: headerCells, total, saved, bad });
}
