import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import {
  CERTIFICATE_PATH,
  MSG_CERT_MISMATCH,
  MSG_CERT_SET,
  MSG_CERT_UPLOAD_FAILED,
} from '../../../src/contracts/client-certificate';
import { PUBLIC_CONFIG_KEYS, type SecurityVerifyResult } from '../../../src/contracts/config';
import { SECURITY_ON } from '../../../src/contracts/secure-call';
import { CERTIFICATE_BODY } from '../../../src/contracts/session-schema';
import { PUBLIC } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { typed } from '../../http/typed';
import type { AppContext } from '../../context';

export const MSG_UNKNOWN_CONFIG = '配置项不存在';

/** Per-address limit on certificate checks (anonymous, and each one costs a signature check). */
const CERTIFICATE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

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

  // Both modes are off unless configured (server/config.ts); TLS is the first protection.
  app.get('/module/default/security/admin/nl/verify', { config: { access: PUBLIC } }, async () => {
    const result: SecurityVerifyResult = {
      value: ctx.securityKeys ? SECURITY_ON : 'off',
      publicKey: ctx.securityKeys?.publicKey ?? '',
      certificateMode: ctx.certificates !== null,
    };
    return ok(result);
  });

  // The login screen's certificate upload: says whether the certificate would be accepted.
  app.post(
    CERTIFICATE_PATH,
    {
      config: { access: PUBLIC, secure: true, rateLimit: CERTIFICATE_RATE_LIMIT },
      schema: { body: CERTIFICATE_BODY },
    },
    async (request) => {
      if (!ctx.certificates) throw new AppError(MSG_CERT_UPLOAD_FAILED);
      const check = ctx.certificates.check(request.body.certificate);
      if (check.kind === 'unreadable') throw new AppError(MSG_CERT_UPLOAD_FAILED);
      if (check.kind === 'mismatch') throw new AppError(MSG_CERT_MISMATCH);
      return ok(check.accepted, MSG_CERT_SET);
    },
  );
}
