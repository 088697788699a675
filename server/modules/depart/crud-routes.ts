import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import {
  ID_QUERY,
  ID_SCHEMA,
  IDS_QUERY,
  MSG_ADDED,
  MSG_BATCH_DELETED,
  MSG_DELETED,
  MSG_EDITED,
  MSG_NOT_FOUND,
  splitIds,
} from '../../http/request-schemas';
import type { AppContext } from '../../context';
import { addDepart, deleteDeparts, editDepart } from './crud';
import { DEPART_PROPERTIES, type DepartInput } from './input';

/**
 * The writes of 部门管理: add (`depart:add`, the org code is generated), edit (`depart:edit`),
 * delete and deleteBatch (`depart:delete`, `depart:deleteBatch`; whole subtrees). A delete
 * publishes `permissions`: memberships and department roles went with the departments, and
 * every cached principal (codes, current department) is stale.
 */

const BASE = '/sys/sysDepart';

export async function departCrudRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus } = ctx;

  app.post<{ Body: DepartInput }>(
    `${BASE}/add`,
    {
      config: { access: permission('depart:add') },
      schema: { body: { type: 'object', required: ['departName'], properties: DEPART_PROPERTIES } },
    },
    async (request) => {
      const added = await addDepart(db, request.body, principalOf(request).username);
      return ok(added.id, MSG_ADDED);
    },
  );

  app.put<{ Body: DepartInput & { id: string } }>(
    `${BASE}/edit`,
    {
      config: { access: permission('depart:edit') },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'departName'],
          properties: { id: ID_SCHEMA, ...DEPART_PROPERTIES },
        },
      },
    },
    async (request) => {
      await editDepart(db, request.body.id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  async function remove(ids: readonly string[]): Promise<void> {
    if ((await deleteDeparts(db, ids)) === 0) throw failure(MSG_NOT_FOUND);
    await bus.publish({ kind: 'permissions' });
  }

  app.delete<{ Querystring: { id: string } }>(
    `${BASE}/delete`,
    { config: { access: permission('depart:delete') }, schema: { querystring: ID_QUERY } },
    async (request) => {
      await remove([request.query.id]);
      return ok(null, MSG_DELETED);
    },
  );

  app.delete<{ Querystring: { ids: string } }>(
    `${BASE}/deleteBatch`,
    { config: { access: permission('depart:deleteBatch') }, schema: { querystring: IDS_QUERY } },
    async (request) => {
      await remove(splitIds(request.query.ids));
      return ok(null, MSG_BATCH_DELETED);
    },
  );
}
