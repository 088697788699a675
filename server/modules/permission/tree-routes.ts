import type { FastifyInstance } from 'fastify';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { noRowScope } from '../../http/row-scope';
import type { AppContext } from '../../context';
import { permissionTree } from './tree-model';

/**
 * The permission tree of the authorisation screens, `{ treeList, ids }` (jeecg-api.md §4.3 and
 * §4.4): the reference serves it under both `/sys/role` and `/sys/permission`, so both paths
 * are this one route, with one shape and one access rule.
 */
export const PERMISSION_TREE_PATHS = ['/sys/role/queryTreeList', '/sys/permission/queryTreeList'];

export async function permissionTreeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const url of PERMISSION_TREE_PATHS) {
    app.get(
      url,
      {
        config: {
          access: permission('role:authorize', 'depart:authorize'),
          dataScope: noRowScope('可授权的菜单树，不是角色或部门的数据'),
        },
      },
      async () => ok(await permissionTree(ctx.db)),
    );
  }
}
