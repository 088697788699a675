import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import { ResultCode } from '../../../src/contracts/envelope';
import {
  FILE_INFO_MAX,
  FILE_INFO_PATH,
  splitFilePaths,
  type FileInfo,
} from '../../../src/contracts/files';
import { principalOf, PUBLIC, SIGNED_IN, type Principal } from '../../http/access';
import { ok } from '../../http/envelope';
import { attachmentDisposition, XLSX_TYPE } from '../../http/download';
import { AppError, badRequest } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { cleanUpReleased, cleanUpUnattached, scheduleCleanup } from './cleanup';
import { referenceCheck } from './references';
import { assertMayRead, mayRead } from './guard';
import { INLINE_TYPES } from './kinds';
import { fileByPath, filesByPaths } from './records';
import { urlSigner } from './signed-url';
import { fileUrl, resolveStored, STATIC_PREFIX } from './storage';
import { receiveUploads } from './upload';

/** Types of the files the server writes itself (import error workbooks), not in sys_file. */
const TYPES: Readonly<Record<string, string>> = {
  '.xlsx': XLSX_TYPE,
  '.xls': 'application/vnd.ms-excel',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** The stored file's path under FILES_DIR (`resolveStored` refuses anything outside it). */
const PATH_PARAMS = Type.Object({ '*': Type.String() });
const UPLOAD_QUERY = Type.Object({
  biz: Type.Optional(Type.String({ maxLength: 32 })),
  isup: Type.Optional(Type.String({ maxLength: 8 })),
});
const SIGN_QUERY = Type.Object({ path: Type.String({ minLength: 1, maxLength: 255 }) });
const SIGNED_QUERY = Type.Object({ sig: Type.String({ maxLength: 80 }) });
const INFO_QUERY = Type.Object({
  paths: Type.String({ minLength: 1, maxLength: FILE_INFO_MAX * 256 }),
});
/** Signed file URLs (no token header needed until they expire). */
const SIGNED_PREFIX = '/sys/common/signed/';

/**
 * Uploads (`POST /sys/common/upload`) and stored files (`GET /sys/common/static/<path>`),
 * for signed-in users; a file attached to an online page's record only for holders of that
 * page's list permission (guard.ts), also when they ask for a signed link. Served files carry
 * their detected type: raster images inline, everything else as an attachment, never
 * interpreted by the browser (nosniff, sandbox CSP).
 */
export async function fileRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { filesDir, upload } = ctx.config;
  const signer = urlSigner(upload.urlSecret);

  app.post(
    '/sys/common/upload',
    { config: { access: SIGNED_IN }, schema: { querystring: UPLOAD_QUERY } },
    async (request, reply) => {
      const paths = await receiveUploads(
        request,
        ctx.db,
        filesDir,
        upload,
        request.principal!.username,
        request.query.biz,
      );
      // The reference's shape: success, the stored path(s) in `message`, code 0.
      return reply.send({
        success: true,
        message: paths.join(','),
        code: 0,
        result: paths,
        timestamp: Date.now(),
      });
    },
  );

  /**
   * Streams a stored file with its detected type and the safe headers. `reader` is the
   * signed-in caller, whose right to the file is checked; `signed` for a signed link, checked
   * when it was signed.
   */
  const serve = async (requested: string, reply: FastifyReply, reader: Principal | 'signed') => {
    // Dot folders (staged uploads) are never served.
    if (requested.split(/[\\/]/).some((s) => s.startsWith('.'))) {
      throw badRequest('文件路径不合法');
    }
    const file = resolveStored(filesDir, requested);
    if (!file) throw badRequest('文件路径不合法');
    const record = await fileByPath(ctx.db, requested);
    if (reader !== 'signed') assertMayRead(reader, record?.ref_page ?? null);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new AppError('文件不存在', ResultCode.NOT_FOUND, 404);
    const type =
      record?.mime ?? TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const inline = record !== null && INLINE_TYPES.has(type);
    // The client's name with the detected type's extension: a png sent as x.exe saves as x.png.
    const name = record
      ? `${path.basename(record.original_name, path.extname(record.original_name)) || 'file'}${path.extname(file)}`
      : path.basename(file);
    const disposition = attachmentDisposition(name);
    return reply
      .header('content-type', type)
      .header(
        'content-disposition',
        inline ? disposition.replace(/^attachment/, 'inline') : disposition,
      )
      .header('content-length', String(stat.size))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(fs.createReadStream(file));
  };

  app.get(
    `${STATIC_PREFIX}*`,
    { config: { access: SIGNED_IN }, schema: { params: PATH_PARAMS } },
    async (request, reply) => serve(request.params['*'], reply, principalOf(request)),
  );

  const signedUrl = (relative: string) =>
    `${SIGNED_PREFIX}${fileUrl(relative).slice(STATIC_PREFIX.length)}?sig=${signer.sign(relative)}`;

  // What widgets show for held paths, in one call per screen: the upload's own name and a
  // signed view URL of each file the caller may read (others, and unknown paths, are left out).
  app.get(
    FILE_INFO_PATH,
    { config: { access: SIGNED_IN }, schema: { querystring: INFO_QUERY } },
    async (request) => {
      const paths = [...new Set(splitFilePaths(request.query.paths))];
      if (paths.length > FILE_INFO_MAX) throw badRequest(`一次最多查询${FILE_INFO_MAX}个文件`);
      const principal = principalOf(request);
      const valid = paths.filter((p) => resolveStored(filesDir, p) !== null);
      const rows = await filesByPaths(ctx.db, valid);
      return ok<FileInfo[]>(
        rows
          .filter((row) => mayRead(principal, row.ref_page))
          .map((row) => ({
            path: row.path,
            name: row.original_name,
            size: Number(row.size),
            url: signedUrl(row.path),
          })),
      );
    },
  );

  // For <img src>: a URL that works without the token header for SIGNED_URL_MINUTES.
  app.get(
    '/sys/common/signUrl',
    { config: { access: SIGNED_IN }, schema: { querystring: SIGN_QUERY } },
    async (request) => {
      const relative = request.query.path;
      if (!resolveStored(filesDir, relative)) throw badRequest('文件路径不合法');
      // The signed link is public: the caller's right to the file is checked here, once.
      const record = await fileByPath(ctx.db, relative);
      assertMayRead(principalOf(request), record?.ref_page ?? null);
      return ok(signedUrl(relative));
    },
  );
  app.get(
    `${SIGNED_PREFIX}*`,
    { config: { access: PUBLIC }, schema: { params: PATH_PARAMS, querystring: SIGNED_QUERY } },
    async (request, reply) => {
      const relative = request.params['*'];
      if (!signer.verify(relative, request.query.sig)) {
        throw new AppError('链接已失效，请刷新页面', ResultCode.UNAUTHORIZED, 401);
      }
      return serve(relative, reply, 'signed');
    },
  );

  const stillReferenced = referenceCheck(ctx.db, ctx.pages);
  const stop = scheduleCleanup(
    async () => {
      await cleanUpUnattached(ctx.db, filesDir, upload.tempHours);
      await cleanUpReleased(ctx.db, filesDir, upload.tempHours, stillReferenced);
    },
    (error) => server.log.error({ err: error }, 'upload clean-up failed'),
  );
  server.addHook('onClose', async () => stop());
}
