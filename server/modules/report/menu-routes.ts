import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { permission, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_SCHEMA, parseId } from '../../http/request-schemas';
import { noRowScope } from '../../http/row-scope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { insertMenuEntry } from '../permission/menu-entry';
import { reportAccessCode } from './access';
import { MSG_REPORT_NOT_FOUND, reportById } from './store';

/**
 * 报表配置's 加入菜单 (`lowcode:report:menu`): a menu entry opening the report's view (url
 * `/online/cgreport/{id}`, the component the browser maps to it) whose own code is the report's
 * `report:{code}:list`, under the parent chosen, granted like 页面配置's 加入菜单 (the same
 * `insertMenuEntry`): the admin role and the caller's roles.
 */

/** Menu component of a report's view; the browser maps it to the report screen. */
export const REPORT_VIEW_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';
export const reportViewUrl = (id: string) => `/online/cgreport/${id}`;

const BODY = Type.Object({
  id: ID_SCHEMA,
  /** Parent menu id; absent = top level. */
  parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  /** Menu title; default the report name. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  icon: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9-]{0,49}$' })),
});

export async function reportMenuRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  app.post(
    '/online/cgreport/head/addToMenu',
    {
      config: { access: permission('lowcode:report:menu'), dataScope: noRowScope('报表定义') },
      schema: { body: BODY },
    },
    async (request) => {
      const report = await reportById(db, parseId(request.body.id));
      if (!report) throw failure(MSG_REPORT_NOT_FOUND);
      const { parentId, name, icon } = request.body;
      const result = await db.transaction().execute((tx) =>
        insertMenuEntry(
          tx,
          {
            parentId: parentId ?? null,
            name: name?.trim() || report.name,
            url: reportViewUrl(report.id),
            component: REPORT_VIEW_COMPONENT,
            perms: reportAccessCode(report.code),
            icon: icon ?? 'bar-chart',
            buttons: [],
          },
          principalOf(request),
        ),
      );
      await ctx.bus.publish({ kind: 'permissions' });
      return ok(result, '已加入菜单');
    },
  );
}
