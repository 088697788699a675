import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';
import { loginInfo, visitInfo } from './visits';

/** Visit statistics from the login log (`/sys/loginfo`, `/sys/visitInfo`), for the home page. */
export async function statsRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  const timeZone = ctx.config.timeZone;

  app.get('/sys/loginfo', { config: { access: SIGNED_IN } }, async () =>
    ok(await loginInfo(ctx.db, timeZone)),
  );

  app.get('/sys/visitInfo', { config: { access: SIGNED_IN } }, async () =>
    ok(await visitInfo(ctx.db, timeZone)),
  );
}
