import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { permissionOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_SCHEMA,
  IDS_SCHEMA,
  MSG_ADDED,
  MSG_BATCH_DELETED,
  MSG_DELETED,
  MSG_EDITED,
  parseId,
  splitIds,
} from '../../http/request-schemas';
import { NAMED_SCOPE } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { entityService, serviceCode, type EntityAction, type EntityRecord } from './services';

/**
 * `/bpm/tip_system_*`: save, edit and remove a business entity named by `serviceName` (query
 * string or body). **safe:** only the services of services.ts; a name that is none of them
 * derives no permission code, so the call is refused (510) before anything is read. Each
 * service reads and writes within the caller's row scope on its screen or page
 * (`NAMED_SCOPE`: the entity is the one the request names).
 */

const SERVICE_NAME = Type.Optional(Type.String({ maxLength: 64 }));
const QUERY = Type.Object({ serviceName: SERVICE_NAME });
/** The record's own fields are the service's schema's to check (services.ts). */
const RECORD_BODY = Type.Object({ serviceName: SERVICE_NAME });
const REMOVE_BODY = Type.Object({
  serviceName: SERVICE_NAME,
  id: Type.Optional(ID_SCHEMA),
  ids: Type.Optional(IDS_SCHEMA),
});

export const MSG_NO_SERVICE = '缺少参数 serviceName';
export const MSG_NO_IDS = '请选择要删除的记录';

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** `serviceName` of the query string, else of the body; empty when neither holds text. */
function serviceNameOf(request: FastifyRequest): string {
  const query = isObject(request.query) ? request.query.serviceName : undefined;
  if (typeof query === 'string' && query.trim() !== '') return query.trim();
  const body = isObject(request.body) ? request.body.serviceName : undefined;
  return typeof body === 'string' ? body.trim() : '';
}

// Runs once the body is parsed, on the raw request: serviceNameOf trusts nothing of its shape.
const access = (action: EntityAction) =>
  permissionOf(
    (request) => serviceCode(serviceNameOf(request), action),
    `{serviceName screen}:${action}`,
  );
const config = (action: EntityAction) => ({ access: access(action), dataScope: NAMED_SCOPE });

/** The body without `serviceName`: every other field it holds is the record. */
function recordOf(body: Static<typeof RECORD_BODY>): EntityRecord {
  const { serviceName: _serviceName, ...record } = body;
  return record;
}

function serviceOf(ctx: AppContext, request: FastifyRequest) {
  const name = serviceNameOf(request);
  if (name === '') throw failure(MSG_NO_SERVICE);
  return entityService(ctx, name);
}

export async function entityRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  app.post(
    '/bpm/tip_system_save_entity/add',
    { config: config('add'), schema: { querystring: QUERY, body: RECORD_BODY } },
    async (request) => {
      const id = await serviceOf(ctx, request).add(request, recordOf(request.body));
      return ok(id, MSG_ADDED);
    },
  );

  app.put(
    '/bpm/tip_system_edit_entity/edit',
    { config: config('edit'), schema: { querystring: QUERY, body: RECORD_BODY } },
    async (request) => {
      await serviceOf(ctx, request).edit(request, recordOf(request.body));
      return ok(null, MSG_EDITED);
    },
  );

  app.post(
    '/bpm/tip_system_remove_entity/remove',
    { config: config('delete'), schema: { querystring: QUERY, body: REMOVE_BODY } },
    async (request) => {
      const { id, ids } = request.body;
      const one = id !== undefined && id !== '';
      const chosen = one ? [parseId(id)] : ids?.trim() ? splitIds(ids) : [];
      if (chosen.length === 0) throw failure(MSG_NO_IDS);
      await serviceOf(ctx, request).remove(request, chosen);
      return ok(null, one ? MSG_DELETED : MSG_BATCH_DELETED);
    },
  );
}
