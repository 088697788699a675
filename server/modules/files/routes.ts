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
import { resolveStored, STATIC_PREFIX } from './storage';

const TYPES: Readonly<Record<string, string>> = {
  '.xlsx': XLSX_TYPE,
  '.xls': 'application/vnd.ms-excel',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** The stored file's path under FILES_DIR (`resolveStored` refuses anything outside it). */
const PATH_PARAMS = Type.Object({ '*': Type.String() });

/** Stored files (FILES_DIR), downloaded by signed-in users: `GET /sys/common/static/<path>`. */
export async function fileRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  app.get(
    `${STATIC_PREFIX}*`,
    { config: { access: SIGNED_IN }, schema: { params: PATH_PARAMS } },
    async (request, reply) => {
      const file = resolveStored(ctx.config.filesDir, request.params['*']);
      if (!file) throw badRequest('文件路径不合法');
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new AppError('文件不存在', ResultCode.NOT_FOUND, 404);
      const name = path.basename(file);
      return reply
        .header(
          'content-type',
          TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        )
        .header('content-disposition', attachmentDisposition(name))
        .header('content-length', String(stat.size))
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  );
}
