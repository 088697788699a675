import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { MENU_PATH_STATUS_PATH, type MenuPathStatus } from '../../../src/contracts/permission';
import { MENU_BUTTON } from './menu-tree';

const PATH_QUERY = Type.Object({ path: Type.String({ minLength: 1, maxLength: 500 }) });

/** `/a/b/` and `/a/b` are one path; the query and hash are not part of it. */
export function normalisedMenuPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Whether a path is a screen of the menu (anyone's, enabled or not), so the shell can tell a
 * signed-in user "没有权限访问此页面" (403) instead of 404. Only a yes/no about a path the
 * caller already typed: no titles, codes, owners or who holds it.
 */
export async function menuPathRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  app.get(
    MENU_PATH_STATUS_PATH,
    { config: { access: SIGNED_IN }, schema: { querystring: PATH_QUERY } },
    async (request) => {
      const path = normalisedMenuPath(request.query.path);
      const row = await ctx.db
        .selectFrom('sys_permission')
        .select('id')
        .where('url', 'in', [path, path.slice(1)])
        .where('menuType', '!=', MENU_BUTTON)
        .where('delFlag', '=', 0)
        .limit(1)
        .executeTakeFirst();
      const status: MenuPathStatus = { known: row !== undefined };
      return ok(status);
    },
  );
}
