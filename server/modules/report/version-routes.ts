import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_QUERY, ID_SCHEMA, MSG_NOT_FOUND, parseId } from '../../http/request-schemas';
import { noRowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { listReportVersions, reportVersion } from './versions';

/**
 * 报表配置's 历史版本: the saved versions of a definition and the definition of one of them,
 * code `lowcode:report:list`. Going back to a version is done by the editor: it loads the old
 * definition as its draft, and saving it makes a new version.
 */

const BASE = '/online/cgreport/head';
const dataScope = noRowScope('报表定义');
const VERSION_QUERY = Type.Object({
  id: ID_SCHEMA,
  version: Type.Integer({ minimum: 1 }),
});

export async function reportVersionRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, config } = ctx;

  app.get(
    `${BASE}/versions`,
    {
      config: { access: permission('lowcode:report:list'), dataScope },
      schema: { querystring: ID_QUERY },
    },
    async (request) => {
      const versions = await listReportVersions(db, parseId(request.query.id), config.timeZone);
      if (!versions) throw failure(MSG_NOT_FOUND);
      return ok(versions);
    },
  );

  app.get(
    `${BASE}/queryVersion`,
    {
      config: { access: permission('lowcode:report:list'), dataScope },
      schema: { querystring: VERSION_QUERY },
    },
    async (request) => {
      const { id, version } = request.query;
      const found = await reportVersion(db, parseId(id), version, config.timeZone);
      if (!found) throw failure(MSG_NOT_FOUND);
      return ok(found);
    },
  );
}
