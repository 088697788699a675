import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../../../src/contracts/envelope';
import type { UploadConfig, UploadKind } from '../../config';
import type { Db } from '../../db/index';
import { AppError, badRequest, failure } from '../../http/errors';
import { newId } from '../../ids';
import { KINDS } from './kinds';
import { insertFiles, usageSince, type NewFile } from './records';
import { sniff, SNIFF_BYTES } from './sniff';
import { inspectZip } from './zip-inspect';

/** `biz`: a folder name of ours, never a path. */
const BIZ_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
/** Staged uploads, under FILES_DIR so the final move is a rename; the static route skips dot folders. */
const INCOMING = '.incoming';

interface Staged {
  readonly file: string;
  readonly name: string;
  readonly size: number;
  readonly head: Buffer;
}

/** Keeps the first SNIFF_BYTES of a stream that passes through unchanged. */
function headKeeper(): { stream: Transform; head: () => Buffer; size: () => number } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (kept < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - kept);
        chunks.push(Buffer.from(part));
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  return { stream, head: () => Buffer.concat(chunks), size: () => total };
}

function limitMessages(config: UploadConfig): Readonly<Record<string, string>> {
  return {
    FST_REQ_FILE_TOO_LARGE: `文件大小超过限制（最大${config.maxMb}MB）`,
    FST_FILES_LIMIT: `一次最多上传${config.maxFiles}个文件`,
    FST_PARTS_LIMIT: '上传内容的部分过多',
    FST_FIELDS_LIMIT: '上传内容的字段过多',
  };
}

/** Reads every part of the request, writing each file to a staged name as it streams in. */
async function stageParts(
  request: FastifyRequest,
  config: UploadConfig,
  incoming: string,
  staged: Staged[],
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const parts = request.parts({
    limits: {
      fileSize: config.maxMb * 1024 * 1024,
      files: config.maxFiles,
      fields: 10,
      fieldSize: 1024,
      parts: config.maxFiles + 10,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const file = path.join(incoming, newId());
    const keeper = headKeeper();
    staged.push({ file, name: part.filename, size: 0, head: Buffer.alloc(0) });
    await pipeline(part.file, keeper.stream, fs.createWriteStream(file, { flags: 'wx' }));
    if (part.file.truncated) throw failure(limitMessages(config).FST_REQ_FILE_TOO_LARGE!);
    staged[staged.length - 1] = {
      file,
      name: part.filename,
      size: keeper.size(),
      head: keeper.head(),
    };
  }
  return fields;
}

const typeList = (config: UploadConfig) => [...config.types].join('、');

/** The kind of a staged file, or a refusal naming the file. */
async function kindOf(staged: Staged, config: UploadConfig): Promise<UploadKind> {
  const shown = staged.name || '未命名文件';
  if (staged.size === 0) throw failure(`文件为空：${shown}`);
  const sniffed = sniff(staged.head);
  let kind: UploadKind | null;
  if (sniffed === 'zip-container') {
    const verdict = await inspectZip(staged.file, staged.size);
    if (!verdict.ok && verdict.reason === 'bomb') {
      throw failure(`压缩内容过大或条目过多，已拒绝：${shown}`);
    }
    kind = verdict.ok ? verdict.kind : null;
  } else if (sniffed === 'ole') {
    // Word, Excel and PowerPoint 97–2003 share one container; the name only picks among them.
    const extension = path.extname(staged.name).slice(1).toLowerCase();
    kind = extension === 'xls' || extension === 'ppt' ? extension : 'doc';
  } else {
    kind = sniffed;
  }
  if (!kind || !config.types.has(kind)) {
    throw failure(`不支持的文件类型：${shown}（允许：${typeList(config)}）`);
  }
  return kind;
}

function quotaSpent(config: UploadConfig): AppError {
  return new AppError(
    `24小时内上传已达上限（${config.dailyFiles}个文件或${config.dailyMb}MB），请稍后再试`,
    ResultCode.TOO_MANY_REQUESTS,
    429,
  );
}

/** `<biz>/<yyyyMMdd>/<random>.<ext>`: nothing of the client's goes into it. */
function storedPath(biz: string, extension: string, now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `${biz}/${day}/${newId()}.${extension}`;
}

/**
 * Handles POST /sys/common/upload: stages every file, checks count, size, type by content,
 * zip contents and the caller's 24-hour quota, then moves the files into place and records
 * them. All or nothing: one refused file refuses the request. Returns the stored paths.
 */
export async function receiveUploads(
  request: FastifyRequest,
  db: Db,
  filesDir: string,
  config: UploadConfig,
  username: string,
  /** `biz` from the query string (the form's own `biz` field wins). */
  queryBiz?: string,
): Promise<string[]> {
  if (!request.isMultipart()) throw failure('请以 multipart/form-data 上传文件');
  const since = new Date(Date.now() - 24 * 3600_000);
  // Refused before anything is read when the quota is already spent.
  if ((await usageSince(db, username, since)).files >= config.dailyFiles) {
    throw quotaSpent(config);
  }
  const incoming = path.join(filesDir, INCOMING);
  await fs.promises.mkdir(incoming, { recursive: true });
  const staged: Staged[] = [];
  const moved: string[] = [];
  try {
    let fields: Record<string, string>;
    try {
      fields = await stageParts(request, config, incoming, staged);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const message = typeof code === 'string' ? limitMessages(config)[code] : undefined;
      if (message) throw failure(message);
      throw error;
    }
    const biz = fields.biz ?? queryBiz ?? '';
    const folder = biz === '' ? 'temp' : biz;
    if (!BIZ_PATTERN.test(folder))
      throw badRequest('biz 只能是字母开头的字母、数字、下划线或短横线');
    if (staged.length === 0) throw failure('请选择要上传的文件');

    const kinds: UploadKind[] = [];
    for (const s of staged) kinds.push(await kindOf(s, config));

    const usage = await usageSince(db, username, since);
    const bytes = staged.reduce((sum, s) => sum + s.size, 0);
    if (
      usage.files + staged.length > config.dailyFiles ||
      usage.bytes + bytes > config.dailyMb * 1024 * 1024
    ) {
      throw quotaSpent(config);
    }

    const now = new Date();
    const rows: NewFile[] = [];
    for (const [i, s] of staged.entries()) {
      const info = KINDS[kinds[i]!];
      const relative = storedPath(folder, info.extension, now);
      const target = path.join(filesDir, ...relative.split('/'));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(s.file, target);
      moved.push(target);
      rows.push({
        path: relative,
        original_name: s.name.slice(0, 255),
        size: s.size,
        mime: info.mime,
        biz: folder,
        createBy: username,
      });
    }
    await insertFiles(db, rows);
    moved.length = 0;
    return rows.map((r) => r.path);
  } finally {
    await Promise.all([
      ...staged.map((s) => fs.promises.rm(s.file, { force: true })),
      ...moved.map((f) => fs.promises.rm(f, { force: true })),
    ]);
  }
}
