import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { failure } from './errors';
import { assertLegalText } from './text-guard';

/** Upload limits of `@fastify/multipart` (registered once in app.ts). */
export const UPLOAD_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  files: 1,
  fields: 20,
  fieldSize: 100 * 1024,
  parts: 25,
} as const;

/** Files one request of `withUploadedFiles` may carry. */
export const MAX_UPLOAD_FILES = 10;
/** Longest file name kept (messages name the file). */
const MAX_NAME = 100;

const MESSAGES: Readonly<Record<string, string>> = {
  FST_REQ_FILE_TOO_LARGE: `文件大小超过限制（最大${UPLOAD_LIMITS.fileSize / 1024 / 1024}MB）`,
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '上传内容的部分过多',
  FST_FIELDS_LIMIT: '上传内容的字段过多',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
};

/** A file of a several-file upload, saved to disk. */
export interface UploadedFile {
  /** The name the browser sent (trimmed to MAX_NAME characters). */
  readonly name: string;
  /** Where it was saved (a temporary file, removed after `work`). */
  readonly path: string;
}

/** A multipart error as the user's refusal, else the error itself. */
function uploadRefusal(error: unknown, maxFiles: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT' && maxFiles > 1) return failure(`一次最多上传${maxFiles}个文件`);
  const message = typeof code === 'string' ? MESSAGES[code] : undefined;
  return message ? failure(message) : error;
}

/**
 * Saves every file of the request (at most `maxFiles`, each within the upload limit) to a
 * temporary folder and runs `work` on them with the text fields, which may come before or
 * after the files; the folder is removed afterwards. Limit breaches and illegal text in the
 * names or fields become clear refusals.
 */
export async function withUploadedFiles<T>(
  request: FastifyRequest,
  work: (files: readonly UploadedFile[], fields: Readonly<Record<string, string>>) => Promise<T>,
  maxFiles: number = MAX_UPLOAD_FILES,
): Promise<T> {
  if (!request.isMultipart()) throw failure(MESSAGES.FST_INVALID_MULTIPART_CONTENT_TYPE!);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sa-upload-'));
  try {
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = {};
    try {
      const limits = { files: maxFiles, parts: maxFiles + UPLOAD_LIMITS.fields };
      for await (const part of request.parts({ limits })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const saved = path.join(dir, `upload-${files.length}`);
        await pipeline(part.file, fs.createWriteStream(saved));
        if (part.file.truncated) throw failure(MESSAGES.FST_REQ_FILE_TOO_LARGE!);
        files.push({
          name: (part.filename || `file${files.length + 1}`).slice(0, MAX_NAME),
          path: saved,
        });
      }
      assertLegalText({ ...fields, files: files.map((f) => f.name) });
    } catch (error) {
      throw uploadRefusal(error, maxFiles);
    }
    if (files.length === 0) throw failure('请选择要上传的文件');
    return await work(files, fields);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The one file of a one-file upload (the system screens' imports), as `withUploadedFiles`. */
export function withUploadedFile<T>(
  request: FastifyRequest,
  work: (file: string) => Promise<T>,
): Promise<T> {
  return withUploadedFiles(request, (files) => work(files[0]!.path), 1);
}
