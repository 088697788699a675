import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { ResultCode } from '../../src/contracts/envelope';
import { fail } from './envelope';
import { AppError } from './errors';
import {
  isDatabaseUnavailable,
  isQueryCanceled,
  MSG_DATABASE_UNAVAILABLE,
  MSG_QUERY_TIMEOUT,
} from '../db/failures';

export const MSG_INTERNAL = '操作失败，服务器内部错误，请联系管理员';
export const MSG_NOT_FOUND = '接口不存在';

/** Messages for the client errors Fastify raises itself, by HTTP status. */
const CLIENT_ERRORS: Readonly<Record<number, string>> = {
  400: '请求格式错误',
  404: MSG_NOT_FOUND,
  405: '请求方法不支持',
  406: '不支持的响应格式',
  411: '缺少请求长度',
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  429: '请求过于频繁，请稍后再试',
};

function validationMessage(error: FastifyError): string {
  if (!error.validation?.[0]) return '参数校验失败';
  // ajv-i18n rewrites the messages in place (they are ajv's error objects).
  localizeZh(error.validation as Parameters<typeof localizeZh>[0]);
  const first = error.validation[0];
  const where = error.validationContext ?? 'body';
  const field = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const name = [where, field || missing].filter(Boolean).join('.');
  return `参数校验失败：${name} ${first.message ?? ''}`.trim();
}

/**
 * Every error leaves as the envelope. Only AppError messages, schema-validation summaries and
 * fixed texts for HTTP client errors reach the client; anything else is logged with the
 * request id and answered with a generic message.
 */
export function installErrorHandling(
  app: FastifyInstance,
  apiPrefix: string,
  staticDir: string | null,
): void {
  const spaIndex = staticDir ? path.join(staticDir, 'index.html') : null;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send(fail(error.message, error.code, error.result));
    }
    if (error.validation) {
      return reply.code(400).send(fail(validationMessage(error), ResultCode.BAD_REQUEST));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send(fail(MSG_DATABASE_UNAVAILABLE, ResultCode.UNAVAILABLE));
    }
    if (isQueryCanceled(error)) {
      return reply.code(200).send(fail(MSG_QUERY_TIMEOUT, ResultCode.ERROR));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERRORS[status] ?? '请求错误';
      return reply.code(status).send(fail(message, status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(MSG_INTERNAL, ResultCode.ERROR));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiPrefix) || request.method !== 'GET') {
      return reply.code(404).send(fail(MSG_NOT_FOUND, ResultCode.NOT_FOUND));
    }
    // History-mode routes (/user/login, /isystem/user…) are the browser app's to resolve;
    // a missing file (a path with an extension) is a plain 404.
    const pathname = request.url.split('?')[0] ?? '';
    if (spaIndex && !/\.[a-z0-9]+$/i.test(pathname) && fs.existsSync(spaIndex)) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(spaIndex));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
