import type { FastifyInstance } from 'fastify';
import {
  MY_NOTICES_PATH,
  NOTICE_READ_PATH,
  NOTICE_TYPES_PATH,
  NoticeCmd,
  READ_ALL_PATH,
} from '../../../src/contracts/notice';
import type { AppContext } from '../../context';
import { SIGNED_IN, principalOf } from '../../http/access';
import { ok } from '../../http/envelope';
import { failure } from '../../http/errors';
import { ID_QUERY, LIST_QUERY } from '../../http/request-schemas';
import { typed } from '../../http/typed';
import { noticeTypesOf } from './inbox';
import { myNotices } from './my-notices';
import { markAllRead, markRead, materialiseForUser } from './store';

/** An id that is not one of the caller's notices (another's, unknown, revoked, deleted). */
export const MSG_NOTICE_NOT_FOUND = '未找到该消息，或已被撤销';
export const MSG_ALL_READ = '全部已读';

/**
 * The caller's own notices (shell.md §3, §7): the bell's notice types, reading one, 我的消息
 * and 全部已读. Every signed-in user, and only ever their own inbox rows: the user is the
 * token's, never a parameter. A read tells the caller's other tabs (`refresh-notice`).
 */
export async function noticeRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const { db } = ctx;
  const timeZone = ctx.config.timeZone;
  const refreshTabsOf = (userId: string) =>
    ctx.notices.publish([userId], { cmd: NoticeCmd.REFRESH });

  app.get(NOTICE_TYPES_PATH, { config: { access: SIGNED_IN } }, async (request) =>
    ok(await noticeTypesOf(db, principalOf(request).userId, timeZone)),
  );

  app.post(
    NOTICE_READ_PATH,
    { config: { access: SIGNED_IN }, schema: { querystring: ID_QUERY } },
    async (request) => {
      const { userId } = principalOf(request);
      // An all-user notice the bell has not loaded yet has no inbox row so far.
      await materialiseForUser(db, userId);
      if (!(await markRead(db, request.query.id, userId))) throw failure(MSG_NOTICE_NOT_FOUND);
      refreshTabsOf(userId);
      return ok(null);
    },
  );

  app.get(
    MY_NOTICES_PATH,
    { config: { access: SIGNED_IN }, schema: { querystring: LIST_QUERY } },
    async (request) =>
      ok(await myNotices(db, principalOf(request).userId, request.query, timeZone)),
  );

  app.put(READ_ALL_PATH, { config: { access: SIGNED_IN } }, async (request) => {
    const { userId } = principalOf(request);
    await materialiseForUser(db, userId);
    if ((await markAllRead(db, userId)) > 0) refreshTabsOf(userId);
    return ok(null, MSG_ALL_READ);
  });
}
