import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { ResultCode } from '../../../src/contracts/envelope';
import { SIGNED_IN } from '../../http/access';
import { attachmentDisposition, XLSX_TYPE } from '../../http/download';
import { AppError, badRequest } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { cleanUpUnattached, scheduleCleanup } from './cleanup';
import { INLINE_TYPES } from './kinds';
import { fileByPath } from './records';
import { resolveStored, STATIC_PREFIX } from './storage';
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

/**
 * Uploads (`POST /sys/common/upload`) and stored files (`GET /sys/common/static/<path>`),
 * for signed-in users. Served files carry their detected type: raster images inline,
 * everything else as an attachment, never interpreted by the browser (nosniff, sandbox CSP).
 */
export async function fileRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { filesDir, upload } = ctx.config;

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

  app.get(
    `${STATIC_PREFIX}*`,
    { config: { access: SIGNED_IN }, schema: { params: PATH_PARAMS } },
    async (request, reply) => {
      const requested = request.params['*'];
      // Dot folders (staged uploads) are never served.
      if (requested.split(/[\\/]/).some((s) => s.startsWith('.'))) {
        throw badRequest('文件路径不合法');
      }
      const file = resolveStored(filesDir, requested);
      if (!file) throw badRequest('文件路径不合法');
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new AppError('文件不存在', ResultCode.NOT_FOUND, 404);
      const record = await fileByPath(ctx.db, requested);
      const type =
        record?.mime ?? TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      const inline = record !== null && INLINE_TYPES.has(type);
      const name = record?.original_name || path.basename(file);
      return reply
        .header('content-type', type)
        .header(
          'content-disposition',
          inline
            ? attachmentDisposition(name).replace(/^attachment/, 'inline')
            : attachmentDisposition(name),
        )
        .header('content-length', String(stat.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(fs.createReadStream(file));
    },
  );

  const stop = scheduleCleanup(
    () => cleanUpUnattached(ctx.db, filesDir, upload.tempHours),
    (error) => server.log.error({ err: error }, 'upload clean-up failed'),
  );
  server.addHook('onClose', async () => stop());
}
