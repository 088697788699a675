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
  splitIds,
} from './request-schemas';

/**
 * The delete pair every screen has (jeecg-api.md §1.1): `DELETE {base}/delete?id=` and
 * `DELETE {base}/deleteBatch?ids=a,b,c,`, each with its own permission code. Nothing removed
 * answers 未找到对应数据; otherwise 删除成功! / 批量删除成功!.
 */
export interface DeleteRoutes {
  /** e.g. `/sys/position`. */
  readonly base: string;
  /** Codes of the two routes, e.g. `position:delete`, `position:deleteBatch`. */
  readonly codes: { readonly one: string; readonly batch: string };
  /**
   * Removes the rows (checks, data rules and side effects included) and says how many went.
   * Throw an AppError to refuse.
   */
  readonly remove: (ids: string[], request: FastifyRequest) => Promise<number>;
}

export function deleteRoutes(app: FastifyInstance, routes: DeleteRoutes): void {
  const run = async (ids: string[], request: FastifyRequest, message: string) => {
    if ((await routes.remove(ids, request)) === 0) throw failure(MSG_NOT_FOUND);
    return ok(null, message);
  };

  app.delete<{ Querystring: { id: string } }>(
    `${routes.base}/delete`,
    { config: { access: permission(routes.codes.one) }, schema: { querystring: ID_QUERY } },
    (request) => run([request.query.id], request, MSG_DELETED),
  );

  app.delete<{ Querystring: { ids: string } }>(
    `${routes.base}/deleteBatch`,
    { config: { access: permission(routes.codes.batch) }, schema: { querystring: IDS_QUERY } },
    (request) => run(splitIds(request.query.ids), request, MSG_BATCH_DELETED),
  );
}
