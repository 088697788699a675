import type { FastifyInstance } from 'fastify';
import { permission } from '../../http/access';
import { noRowScope } from '../../http/row-scope';

/**
 * `GET /system/openapi.json`: the OpenAPI 3.1 document of every route with its permission code
 * (server/http/openapi.ts). A document, not an envelope: tools read it as it is. Refusals are
 * envelopes like everywhere else.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      config: {
        access: permission('system:openapi'),
        dataScope: noRowScope('接口文档，不读任何记录'),
      },
      schema: { hide: true },
    },
    async () => app.swagger(),
  );
}
