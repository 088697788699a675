import type { FastifyInstance } from 'fastify';
import { MSG_SSO_UNLINKED, type ThirdAccountLink } from '../../../src/contracts/sign-in';
import type { AppContext } from '../../context';
import { permission } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_QUERY, MSG_NOT_FOUND, parseId } from '../../http/request-schemas';
import { rowScope, scoped } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { typed } from '../../http/typed';
import { USER_SCOPE } from '../user/list';
import { USER_ID_QUERY } from '../user/schemas';

/**
 * 用户管理 → 第三方账号: the single-sign-on subjects linked to a user, and removing one (the
 * subject then signs in as nobody until linked again). Admitted with the code that edits a
 * user, within the caller's row scope on users, like the rest of the screen.
 */

const dataScope = scoped(USER_SCOPE);

export async function oidcLinkRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const { timeZone } = ctx.config;
  const labels = new Map(ctx.config.signIn.oidc.map((p) => [`oidc:${p.name}`, p.label]));

  app.get(
    '/sys/user/thirdAccounts',
    {
      config: { access: permission('user:edit'), dataScope },
      schema: { querystring: USER_ID_QUERY },
    },
    async (request) => {
      const userId = await rowScope(request).checkOne(parseId(request.query.userId, 'userId'));
      const rows = await db
        .selectFrom('sys_third_account')
        .select(['id', 'provider', 'subject', 'email', 'createTime', 'lastLoginTime'])
        .where('userId', '=', userId)
        .orderBy('createTime')
        .orderBy('id')
        .execute();
      const links: ThirdAccountLink[] = rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        providerLabel: labels.get(row.provider) ?? row.provider,
        subject: row.subject,
        email: row.email,
        createTime: formatDateTime(row.createTime, timeZone),
        lastLoginTime: formatDateTime(row.lastLoginTime, timeZone),
      }));
      return ok(links);
    },
  );

  app.delete(
    '/sys/user/thirdAccount/delete',
    { config: { access: permission('user:edit'), dataScope }, schema: { querystring: ID_QUERY } },
    async (request) => {
      // Asked first: the scope is the caller's whether or not the link exists.
      const scope = rowScope(request);
      const link = await db
        .selectFrom('sys_third_account')
        .select(['id', 'userId'])
        .where('id', '=', parseId(request.query.id))
        .executeTakeFirst();
      if (!link) throw failure(MSG_NOT_FOUND);
      const userId = await scope.checkOne(link.userId);
      await db
        .deleteFrom('sys_third_account')
        .where('id', '=', link.id)
        .where('userId', '=', userId)
        .execute();
      return ok(null, MSG_SSO_UNLINKED);
    },
  );
}
