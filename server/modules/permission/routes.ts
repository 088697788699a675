import type { FastifyInstance } from 'fastify';
import { SIGNED_IN, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../context';
import { buildPermissionPayload } from './menu-tree';
import { menuExcelRoutes } from './menu-excel';
import { menuRoutes } from './menu-routes';
import { menuPathRoutes } from './path-routes';
import { loadAllButtons, loadGrantedRows } from './queries';
import { ruleRoutes } from './rule-routes';
import { permissionTreeRoutes } from './tree-routes';

/**
 * `/sys/permission`: the caller's own menu and codes, 菜单管理 (menus, buttons, data rules).
 * The grants of roles live in the role module; those of departments in the depart module.
 */
export async function permissionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { access: SIGNED_IN } },
    async (request) => {
      const [granted, buttons] = await Promise.all([
        loadGrantedRows(ctx.db, principalOf(request).userId),
        loadAllButtons(ctx.db),
      ]);
      return ok(buildPermissionPayload(granted, buttons));
    },
  );
  await menuRoutes(app, ctx);
  await menuPathRoutes(app, ctx);
  await ruleRoutes(app, ctx);
  await menuExcelRoutes(app, ctx);
  await permissionTreeRoutes(app, ctx);
}
