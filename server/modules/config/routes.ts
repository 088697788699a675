import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { PUBLIC_CONFIG_KEYS, type SecurityVerifyResult } from '../../../src/contracts/config';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';

export const MSG_UNKNOWN_CONFIG = '配置项不存在';

/** `?key=`: any text; only the public keys are answered (the others are 配置项不存在). */
const KEY_QUERY = Type.Object({ key: Type.String({ maxLength: 100 }) });

export async function configRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typed(server);
  app.get(
    '/module/default/configCenter/admin/nl/get',
    { config: { access: PUBLIC }, schema: { querystring: KEY_QUERY } },
    async (request) => {
      const key = request.query.key;
      // Only keys meant for anonymous readers; everything else in sys_config stays private.
      if (!(PUBLIC_CONFIG_KEYS as readonly string[]).includes(key)) {
        throw new AppError(MSG_UNKNOWN_CONFIG);
      }
      const row = await ctx.db
        .selectFrom('sys_config')
        .select('configValue')
        .where('configKey', '=', key)
        .executeTakeFirst();
      if (!row) throw new AppError(MSG_UNKNOWN_CONFIG);
      return ok(row.configValue);
    },
  );

  // Network-security mode (encrypted request bodies) is not offered: run behind TLS instead.
  app.get('/module/default/security/admin/nl/verify', { config: { access: PUBLIC } }, async () => {
    const result: SecurityVerifyResult = { value: 'off' };
    return ok(result);
  });
}
