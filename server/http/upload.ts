import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFields } from '@fastify/multipart';
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

const MESSAGES: Readonly<Record<string, string>> = {
  FST_REQ_FILE_TOO_LARGE: `文件大小超过限制（最大${UPLOAD_LIMITS.fileSize / 1024 / 1024}MB）`,
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '上传内容的部分过多',
  FST_FIELDS_LIMIT: '上传内容的字段过多',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
};

/** The text fields sent before the file, by name (the body the text guard cannot see). */
function textFields(fields: MultipartFields): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const parts = Array.isArray(entry) ? entry : [entry];
    const values = parts.flatMap((p) => (p?.type === 'field' ? [p.value] : []));
    texts[name] = values.length === 1 ? values[0] : values;
  }
  return texts;
}

/**
 * Saves the request's file to a temporary folder and runs `work` on it; the folder is removed
 * afterwards. Limit breaches and illegal text in the form's fields become clear refusals.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  work: (file: string) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw failure(MESSAGES.FST_INVALID_MULTIPART_CONTENT_TYPE!);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sa-upload-'));
  try {
    const file = path.join(dir, 'upload');
    try {
      const part = await request.file();
      if (!part) throw failure('请选择要上传的文件');
      await pipeline(part.file, fs.createWriteStream(file));
      if (part.file.truncated) throw failure(MESSAGES.FST_REQ_FILE_TOO_LARGE!);
      assertLegalText(textFields(part.fields));
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const message = typeof code === 'string' ? MESSAGES[code] : undefined;
      if (message) throw failure(message);
      throw error;
    }
    return await work(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
