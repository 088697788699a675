import type { FastifyBaseLogger } from 'fastify';
import { ResultCode, type ApiEnvelope } from '../../../src/contracts/envelope';
import type { ImportFileOutcome, ImportSummary } from '../../../src/contracts/import-result';
import { ok } from '../envelope';
import { MSG_INTERNAL } from '../error-handling';
import { AppError } from '../errors';
import type { UploadedFile } from '../upload';
import { MSG_IMPORT_PARTIAL, savedRows, type ImportResult } from './import-result';

/**
 * An upload of several files (`files[]`): each file is imported on its own (its own
 * transaction: one file's refusal leaves the others saved) and the answer lists every file's
 * outcome, `a.xlsx：文件导入成功！数据行数：3；b.xls：…`. Code 201 when a file had refused rows
 * or was refused, with the sums, the first error file and `files` (src/contracts/import-result.ts);
 * a failure when every file was refused. One file answers exactly as a one-file import.
 */

function outcomeOf(name: string, envelope: ApiEnvelope<unknown>): ImportFileOutcome {
  if (envelope.code !== ResultCode.IMPORT_PARTIAL) {
    const saved = savedRows(envelope);
    return {
      name,
      success: true,
      message: envelope.message,
      totalCount: saved,
      errorCount: 0,
      successCount: saved,
    };
  }
  const { msg, totalCount, errorCount, successCount, fileUrl, fileName } =
    envelope.result as ImportResult;
  return {
    name,
    success: true,
    message: `${MSG_IMPORT_PARTIAL}${msg}`,
    totalCount,
    errorCount,
    successCount,
    fileUrl,
    fileName,
  };
}

type Count = 'totalCount' | 'errorCount' | 'successCount';
const sum = (files: readonly ImportFileOutcome[], key: Count) =>
  files.reduce((n, f) => n + (f[key] ?? 0), 0);

export async function importEachFile(
  files: readonly UploadedFile[],
  importOne: (file: UploadedFile) => Promise<ApiEnvelope<unknown>>,
  log: FastifyBaseLogger,
): Promise<ApiEnvelope<unknown>> {
  if (files.length === 1) return importOne(files[0]!);
  const outcomes: ImportFileOutcome[] = [];
  for (const file of files) {
    try {
      const envelope = await importOne(file);
      outcomes.push(outcomeOf(file.name, envelope));
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error }, 'import of one file failed');
      const message = error instanceof AppError ? error.message : MSG_INTERNAL;
      outcomes.push({ name: file.name, success: false, message });
    }
  }
  const message = outcomes.map((o) => `${o.name}：${o.message}`).join('；');
  const firstErrors = outcomes.find((o) => o.fileUrl);
  const summary: ImportSummary = {
    totalCount: sum(outcomes, 'totalCount'),
    errorCount: sum(outcomes, 'errorCount'),
    successCount: sum(outcomes, 'successCount'),
    ...(firstErrors ? { fileUrl: firstErrors.fileUrl, fileName: firstErrors.fileName } : {}),
    files: outcomes,
  };
  if (outcomes.every((o) => !o.success)) {
    throw new AppError(message, ResultCode.ERROR, 200, summary);
  }
  if (outcomes.every((o) => o.success && !o.fileUrl)) return ok(summary, message);
  return { ...ok(summary, message), code: ResultCode.IMPORT_PARTIAL };
}
