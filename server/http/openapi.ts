import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { describeAccess } from './access';

/**
 * The OpenAPI 3.1 document of the API, made by @fastify/swagger from the routes as they are
 * registered: each operation's parameters and body are the TypeBox schemas Fastify validates
 * the request with, and `x-permission` says who may call it (`public`, `signed-in`, the
 * permission codes, or the shape of a code derived from the request). Served by
 * `GET /system/openapi.json` (code `system:openapi`).
 */
export async function installOpenApi(
  app: FastifyInstance,
  apiPrefix: string,
  version: string,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'schema-admin API',
        version,
        description:
          '每个接口都返回统一的信封 { success, message, code, result, timestamp }；' +
          'x-permission 是调用它需要的权限（public、signed-in 或权限编码）；' +
          'x-secure 表示网络安全模式下该接口的请求体与结果加密传输。',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
        },
      },
      security: [{ token: [] }],
    },
    transform: ({ schema, url, route }) => ({
      schema: {
        ...schema,
        // Only the API is documented (not the browser app's files).
        ...(url.startsWith(`${apiPrefix}/`) ? {} : { hide: true }),
        'x-permission': describeAccess(route.config?.access),
        // A safe call: in security mode its body and result travel sealed (secure-call.ts).
        ...(route.config?.secure ? { 'x-secure': true } : {}),
      },
      url,
    }),
  });
}
