import type { FastifyInstance } from 'fastify';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { MSG_ADDED, MSG_EDITED, parseId } from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { addDepart, deleteDeparts, editDepart } from './crud';
import { DEPART_ADD_BODY, DEPART_EDIT_BODY } from './input';
import { DEPART_SCOPE } from './list';
import { deleteRoutes } from '../../http/delete-routes';

/**
 * The writes of 部门管理: add (`depart:add`, the org code is generated), edit (`depart:edit`),
 * delete and deleteBatch (`depart:delete`, `depart:deleteBatch`; whole subtrees). A delete
 * publishes `permissions`: memberships and department roles went with the departments, and
 * every cached principal (codes, current department) is stale. All within the caller's row
 * scope on departments: a new department's parent, the edited one, every one a delete takes.
 */

const BASE = '/sys/sysDepart';

export async function departCrudRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db, bus } = ctx;
  const dataScope = scoped(DEPART_SCOPE);

  app.post(
    `${BASE}/add`,
    {
      config: { access: permission('depart:add'), dataScope },
      schema: { body: DEPART_ADD_BODY },
    },
    async (request) => {
      const { username } = principalOf(request);
      const added = await addDepart(db, request.body, username, rowScope(request));
      return ok(added.id, MSG_ADDED);
    },
  );

  app.put(
    `${BASE}/edit`,
    {
      config: { access: permission('depart:edit'), dataScope },
      schema: { body: DEPART_EDIT_BODY },
    },
    async (request) => {
      const id = await rowScope(request).checkOne(parseId(request.body.id));
      await editDepart(db, id, request.body, principalOf(request).username);
      return ok(null, MSG_EDITED);
    },
  );

  deleteRoutes(server, {
    base: BASE,
    codes: { one: 'depart:delete', batch: 'depart:deleteBatch' },
    entity: DEPART_SCOPE,
    remove: async (ids, _request, scope) => {
      const removed = await deleteDeparts(db, ids, scope);
      // Memberships and department roles went with the departments.
      if (removed > 0) await bus.publish({ kind: 'permissions' });
      return removed;
    },
  });
}
