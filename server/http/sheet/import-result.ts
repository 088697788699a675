import { ResultCode, type ApiEnvelope } from '../../../src/contracts/envelope';
import { ok } from '../envelope';
import { failure } from '../errors';
import { writeErrorFile, type BadRow } from './error-file';
import type { Cell } from './read';

/** The answer of every import (jeecg-api.md §4.13), online tables and system screens alike. */

export const MSG_IMPORT_PARTIAL = '文件导入成功，但有错误。';
export const MSG_NO_HEADER = '没有找到表头：表头应为字段名称（可用导出的文件作为模板）';
export const MSG_NO_ROWS = '文件中没有数据';
const IMPORTED = '文件导入成功！数据行数：';
export const msgImported = (rows: number) => `${IMPORTED}${rows}`;

/** Rows an import answer says were saved. */
export function savedRows(envelope: ApiEnvelope<unknown>): number {
  if (envelope.code === ResultCode.IMPORT_PARTIAL) {
    return (envelope.result as ImportResult).successCount;
  }
  return envelope.message.startsWith(IMPORTED)
    ? Number(envelope.message.slice(IMPORTED.length))
    : 0;
}

/** `result` of a partly failed import (code 201). */
export interface ImportResult {
  readonly totalCount: number;
  readonly errorCount: number;
  readonly successCount: number;
  readonly msg: string;
  /** The error file: `/sys/common/static/…`. */
  readonly fileUrl: string;
  readonly fileName: string;
}

export interface ImportOutcome {
  /** The file's header row, repeated in the error file. */
  readonly header: readonly Cell[];
  readonly total: number;
  readonly saved: number;
  readonly bad: BadRow[];
}

/**
 * `文件导入成功！数据行数：N`, or code 201 with a file of the refused rows (their own cells plus
 * 错误信息) for the user to fix and import again.
 */
export async function importAnswer(
  filesDir: string,
  title: string,
  outcome: ImportOutcome,
): Promise<ApiEnvelope<unknown>> {
  const { total, saved, bad } = outcome;
  if (total === 0) throw failure(MSG_NO_ROWS);
  if (bad.length === 0) return ok(null, msgImported(saved));
  bad.sort((a, b) => a.number - b.number);
  const file = await writeErrorFile(filesDir, title, outcome.header, bad);
  const result: ImportResult = {
    totalCount: total,
    errorCount: bad.length,
    successCount: saved,
    msg: `总上传行数：${total}，已导入行数：${saved}，错误行数：${bad.length}`,
    ...file,
  };
  return { ...ok(result, MSG_IMPORT_PARTIAL), code: ResultCode.IMPORT_PARTIAL };
}
