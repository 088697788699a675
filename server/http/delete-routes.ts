import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permission } from './access';
import { ok } from './envelope';
import { failure } from './errors';
import {
  ID_QUERY,
  IDS_QUERY,
  MSG_BATCH_DELETED,
  MSG_DELETED,
  MSG_NOT_FOUND,
  parseId,
  splitIds,
  type RecordId,
} from './request-schemas';
import { rowScope, scoped, type InScope, type RowScope, type ScopedEntity } from './row-scope';
import { typed } from './typed';

/**
 * The delete pair every screen has (jeecg-api.md §1.1): `DELETE {base}/delete?id=` and
 * `DELETE {base}/deleteBatch?ids=a,b,c,`, each with its own permission code. Both declare the
 * screen's scoped entity and check the ids against the caller's data rules before `remove`
 * sees them (没有该数据的操作权限). Nothing removed answers 未找到对应数据; otherwise 删除成功! /
 * 批量删除成功!.
 */
export interface DeleteRoutes {
  /** e.g. `/sys/position`. */
  readonly base: string;
  /** Codes of the two routes, e.g. `position:delete`, `position:deleteBatch`. */
  readonly codes: { readonly one: string; readonly batch: string };
  /** The rows the routes delete, as data rules see them. */
  readonly entity: ScopedEntity;
  /**
   * Removes the rows (checks and side effects included) and says how many went; the ids are in
   * the caller's scope, and `scope` checks anything more the delete takes along (a subtree).
   * Throw an AppError to refuse.
   */
  readonly remove: (
    ids: InScope<RecordId>[],
    request: FastifyRequest,
    scope: RowScope,
  ) => Promise<number>;
}

export function deleteRoutes(server: FastifyInstance, routes: DeleteRoutes): void {
  const app = typed(server);
  const run = async (ids: RecordId[], request: FastifyRequest, message: string) => {
    const scope = rowScope(request);
    const checked = await scope.check(ids);
    if ((await routes.remove(checked, request, scope)) === 0) throw failure(MSG_NOT_FOUND);
    return ok(null, message);
  };
  const dataScope = scoped(routes.entity);

  app.delete(
    `${routes.base}/delete`,
    {
      config: { access: permission(routes.codes.one), dataScope },
      schema: { querystring: ID_QUERY },
    },
    (request) => run([parseId(request.query.id)], request, MSG_DELETED),
  );

  app.delete(
    `${routes.base}/deleteBatch`,
    {
      config: { access: permission(routes.codes.batch), dataScope },
      schema: { querystring: IDS_QUERY },
    },
    (request) => run(splitIds(request.query.ids), request, MSG_BATCH_DELETED),
  );
}
