import type { FastifyInstance } from 'fastify';
import { SIGNED_IN, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../context';
import { buildPermissionPayload } from './menu-tree';
import { loadAllButtons, loadGrantedRows } from './queries';

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
}
