import type { ApiEnvelope } from '../../../src/contracts/envelope';
import type { DictLookup } from '../dict/lookup';
import { MSG_OUT_OF_SCOPE } from '../../http/data-scope';
import { failure } from '../../http/errors';
import type { RowScope } from '../../http/row-scope';
import type { SqlValue } from './coerce';
import { isUniqueViolation } from '../../db/unique';
import { MSG_DUPLICATE, MSG_PARENT_MISSING, type OnlineDb } from './crud';
import type { BadRow } from '../../http/sheet/error-file';
import { importAnswer, MSG_NO_HEADER } from '../../http/sheet/import-result';
import { MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS, uploadedRows } from '../../http/sheet/upload-rows';
import { isBad, RowChecker, type CheckedRow } from './import-rows';
import { attachRowFiles, resolveFileValues } from './file-values';
import { existingIds, refreshHasChild, takenValues } from './queries';
import { insertRowsByColumn } from './insert-columns';
import { dictTexts } from './records';
import type { OnlineTable } from './table';
import { duplicateMessage, uniqueColumns, uniqueKey } from './validate';

/**
 * `importExcel`: reads the uploaded sheet, checks every row like `add` (plus duplicates within
 * the file; file cells may name stored files by path or by id), saves the good rows in one
 * transaction (their files attached to the page), and answers `文件导入成功！数据行数：N`
 * or code 201 with a downloadable file of the refused rows (jeecg-api.md §4.13). The sheet is
 * streamed and its good rows inserted a batch at a time inside that transaction, so memory
 * holds one batch and the refused rows, whatever the size of the file.
 */

/** Rows checked against the table and inserted together (one statement). */
const BATCH = 500;

export interface ImportInput {
  readonly db: OnlineDb;
  readonly dicts: DictLookup;
  readonly filesDir: string;
  readonly timeZone: string;
  readonly table: OnlineTable;
  /** The importer's row scope on the page: a new node's parent must be inside it. */
  readonly scope: RowScope;
  readonly username: string;
  /** The upload, saved to a temporary file. */
  readonly file: string;
  /** 是否开启校验: the page's required and pattern rules apply (validateStatus 1). */
  readonly validate: boolean;
}

/**
 * Rows with their file cells as stored paths (a cell may name files by path or by id);
 * rows naming a file sys_file does not hold move to `bad`.
 */
async function withFiles(
  input: ImportInput,
  rows: readonly CheckedRow[],
  bad: BadRow[],
): Promise<CheckedRow[]> {
  const resolved = await resolveFileValues(
    input.db,
    input.table,
    rows.map((r) => r.values),
    true,
  );
  return rows.flatMap((row, i) => {
    const result = resolved[i]!;
    if (result.ok) return [{ ...row, values: result.values }];
    bad.push({ number: row.number, cells: row.cells, message: result.message });
    return [];
  });
}

/**
 * Moves rows whose files, unique values or parents the table refuses to `bad`; returns the
 * rest.
 */
async function checkAgainstTable(
  input: ImportInput,
  checked: readonly CheckedRow[],
  bad: BadRow[],
): Promise<CheckedRow[]> {
  const { db, table } = input;
  const rows = await withFiles(input, checked, bad);
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
    const named = parents.filter((p) => p !== tree.rootValue);
    const known = await existingIds(db, table, named);
    const inside = input.scope.restricted
      ? await existingIds(db, table, named, input.scope.where)
      : known;
    for (const row of rows) {
      const parent = row.values[k];
      if (parent == null || parent === tree.rootValue) continue;
      if (!known.has(String(parent))) complain(row, MSG_PARENT_MISSING);
      else if (!inside.has(String(parent))) complain(row, MSG_OUT_OF_SCOPE);
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

interface Saved {
  total: number;
  saved: number;
}

/**
 * Reads, checks and inserts the rows batch by batch on `trx`: only the batch being checked
 * and the refused rows are held, never the file's good rows.
 */
async function importRows(
  input: ImportInput,
  trx: OnlineDb,
  checker: RowChecker,
  bad: BadRow[],
): Promise<Saved> {
  const { table } = input;
  const tree = table.tree;
  const k = tree ? table.writable.indexOf(tree.parent) : -1;
  const parents = new Set<string>();
  const counts: Saved = { total: 0, saved: 0 };
  let pending: CheckedRow[] = [];
  const flush = async () => {
    const good = await checkAgainstTable({ ...input, db: trx }, pending, bad);
    pending = [];
    if (good.length === 0) return;
    const rows = good.map((row) => [...row.values]);
    if (tree) {
      for (const row of rows) parents.add(String((row[k] ??= tree.rootValue)));
    }
    await insertRowsByColumn(trx, table, rows, input.username);
    await attachRowFiles(trx, table, rows);
    counts.saved += rows.length;
  };

  for await (const row of uploadedRows(input.file, MAX_IMPORT_ROWS + 20)) {
    if (!checker.headerFound) {
      if (checker.findHeader(row)) continue;
      if (checker.gaveUp) break;
      continue;
    }
    const checked = checker.check(row);
    if (!checked) continue;
    if (++counts.total > MAX_IMPORT_ROWS) throw failure(MSG_TOO_MANY_ROWS);
    if (isBad(checked)) bad.push(checked);
    else pending.push(checked);
    if (pending.length >= BATCH) await flush();
  }
  if (!checker.headerFound) throw failure(MSG_NO_HEADER);
  await flush();
  if (tree) {
    parents.delete(tree.rootValue);
    await refreshHasChild(trx, table, [...parents]);
  }
  return counts;
}

export async function importSheet(input: ImportInput): Promise<ApiEnvelope<unknown>> {
  const { table } = input;
  const checker = new RowChecker(
    table,
    await dictTexts(table.writable, input.dicts),
    input.timeZone,
    input.validate,
  );
  const bad: BadRow[] = [];
  let counts: Saved;
  try {
    // One transaction per file: its good rows are saved together or not at all.
    counts = await input.db.transaction().execute((trx) => importRows(input, trx, checker, bad));
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(MSG_DUPLICATE);
    throw error;
  }
  return importAnswer(input.filesDir, table.title, {
    header: checker.header,
    total: counts.total,
    saved: counts.saved,
    bad,
  });
}
