import fs from 'node:fs';
import { ResultCode, type ApiEnvelope } from '../../../src/contracts/envelope';
import type { DictCache } from '../dict/cache';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import type { SqlValue } from './coerce';
import { isUniqueViolation, MSG_DUPLICATE, MSG_PARENT_MISSING, type OnlineDb } from './crud';
import { writeErrorFile } from './import-errors';
import { isBad, RowChecker, type BadRow, type CheckedRow } from './import-rows';
import { existingIds, insertRows, refreshHasChild, takenValues } from './queries';
import { dictTexts } from './records';
import { readXls, readXlsx, sheetFormat, zipUncompressedSize, type SheetRow } from './sheet-read';
import type { OnlineTable } from './table';
import { duplicateMessage, uniqueColumns, uniqueKey } from './validate';

/**
 * `importExcel`: reads the uploaded sheet, checks every row like `add` (plus duplicates within
 * the file), saves the good rows in one transaction, and answers `文件导入成功！数据行数：N`
 * or code 201 with a downloadable file of the refused rows (jeecg-api.md §4.13).
 */

export const MAX_IMPORT_ROWS = 100_000;
export const XLSX_MAX_BYTES = 10 * 1024 * 1024;
export const XLS_MAX_BYTES = 5 * 1024 * 1024;
/** What an .xlsx may inflate to (a 100k × 20 sheet is ~100 MB of XML). */
const XLSX_MAX_INFLATED = 400 * 1024 * 1024;
/** Rows checked against the table together. */
const BATCH = 2000;

export const MSG_IMPORT_PARTIAL = '文件导入成功，但有错误。';

export interface ImportInput {
  readonly db: OnlineDb;
  readonly dicts: DictCache;
  readonly filesDir: string;
  readonly timeZone: string;
  readonly table: OnlineTable;
  readonly username: string;
  /** The upload, saved to a temporary file. */
  readonly file: string;
}

export interface ImportResult {
  readonly totalCount: number;
  readonly errorCount: number;
  readonly successCount: number;
  readonly msg: string;
  readonly fileUrl: string;
  readonly fileName: string;
}

async function* rowsOf(file: string): AsyncGenerator<SheetRow> {
  const head = Buffer.alloc(8);
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  fs.readSync(fd, head, 0, 8, 0);
  fs.closeSync(fd);
  const format = sheetFormat(head);
  const cap = MAX_IMPORT_ROWS + 20;
  if (format === 'xlsx') {
    const inflated = zipUncompressedSize(file);
    if (inflated === null || inflated > XLSX_MAX_INFLATED) {
      throw failure('文件内容过大或已损坏，无法导入');
    }
    yield* readXlsx(file, cap);
  } else if (format === 'xls') {
    if (size > XLS_MAX_BYTES) throw failure('.xls 文件不能超过 5MB，请另存为 .xlsx 后导入');
    yield* readXls(file, cap);
  } else {
    throw failure('只能导入 Excel 文件（.xlsx 或 .xls）');
  }
}

/** Moves rows whose unique values or parents the table refuses to `bad`; returns the rest. */
async function checkAgainstTable(
  input: ImportInput,
  rows: readonly CheckedRow[],
  bad: BadRow[],
): Promise<CheckedRow[]> {
  const { db, table } = input;
  const problems = new Map<CheckedRow, string[]>();
  const complain = (row: CheckedRow, message: string) =>
    problems.set(row, [...(problems.get(row) ?? []), message]);
  for (const column of uniqueColumns(table)) {
    const k = table.writable.indexOf(column);
    const present = rows.filter((r) => r.values[k] !== undefined && r.values[k] !== null);
    const values = present.map((r) => r.values[k] as SqlValue);
    const taken = new Set(
      (await takenValues(db, table, column, values)).map((v) => uniqueKey(column, v as SqlValue)),
    );
    for (const row of present) {
      const value = row.values[k] as SqlValue;
      if (taken.has(uniqueKey(column, value))) complain(row, duplicateMessage(column, value));
    }
  }
  const tree = table.tree;
  if (tree) {
    const k = table.writable.indexOf(tree.parent);
    const parents = [...new Set(rows.map((r) => r.values[k]).filter((v) => v != null))].map(String);
    const known = await existingIds(
      db,
      table,
      parents.filter((p) => p !== tree.rootValue),
    );
    for (const row of rows) {
      const parent = row.values[k];
      if (parent == null || parent === tree.rootValue) continue;
      if (!known.has(String(parent))) complain(row, MSG_PARENT_MISSING);
    }
  }
  const good: CheckedRow[] = [];
  for (const row of rows) {
    const messages = problems.get(row);
    if (messages) bad.push({ number: row.number, cells: row.cells, message: messages.join('；') });
    else good.push(row);
  }
  return good;
}

async function save(input: ImportInput, rows: (SqlValue | undefined)[][]): Promise<void> {
  const { table } = input;
  const tree = table.tree;
  const k = tree ? table.writable.indexOf(tree.parent) : -1;
  if (tree) for (const row of rows) row[k] ??= tree.rootValue;
  try {
    await input.db.transaction().execute(async (trx) => {
      await insertRows(trx, table, rows, input.username);
      if (tree) {
        const parents = new Set(rows.map((r) => String(r[k])));
        parents.delete(tree.rootValue);
        await refreshHasChild(trx, table, [...parents]);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(MSG_DUPLICATE);
    throw error;
  }
}

export async function importSheet(input: ImportInput): Promise<ApiEnvelope<unknown>> {
  const { table } = input;
  const checker = new RowChecker(
    table,
    await dictTexts(table.writable, input.dicts),
    input.timeZone,
  );
  const good: (SqlValue | undefined)[][] = [];
  const bad: BadRow[] = [];
  let pending: CheckedRow[] = [];
  let total = 0;
  const flush = async () => {
    for (const row of await checkAgainstTable(input, pending, bad)) good.push([...row.values]);
    pending = [];
  };

  for await (const row of rowsOf(input.file)) {
    if (!checker.headerFound) {
      if (checker.findHeader(row)) continue;
      if (checker.gaveUp) break;
      continue;
    }
    const checked = checker.check(row);
    if (!checked) continue;
    if (++total > MAX_IMPORT_ROWS) {
      throw failure(`数据行数超过上限（${MAX_IMPORT_ROWS}行），请分批导入`);
    }
    if (isBad(checked)) bad.push(checked);
    else pending.push(checked);
    if (pending.length >= BATCH) await flush();
  }
  if (!checker.headerFound) {
    throw failure('没有找到表头：表头应为字段名称（可用导出的文件作为模板）');
  }
  if (total === 0) throw failure('文件中没有数据');
  await flush();
  if (good.length > 0) await save(input, good);

  if (bad.length === 0) return ok(null, `文件导入成功！数据行数：${good.length}`);
  bad.sort((a, b) => a.number - b.number);
  const file = await writeErrorFile(input.filesDir, table.title, checker.header, bad);
  const result: ImportResult = {
    totalCount: total,
    errorCount: bad.length,
    successCount: good.length,
    msg: `总上传行数：${total}，已导入行数：${good.length}，错误行数：${bad.length}`,
    ...file,
  };
  return { ...ok(result, MSG_IMPORT_PARTIAL), code: ResultCode.IMPORT_PARTIAL };
}
