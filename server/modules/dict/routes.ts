import type { FastifyInstance } from 'fastify';
import { MSG_DICT_CODE_EMPTY } from '../../../src/contracts/dict';
import { SIGNED_IN } from '../../http/access';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';

/** A system dictionary code: letters, digits, `_`, `-`, `.`; table dictionaries come later. */
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
export const MSG_DICT_CODE_INVALID = '字典Code不合法';

export async function dictRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/sys/dict/queryAllDictItems', { config: { access: SIGNED_IN } }, async () =>
    ok(await ctx.dicts.getAll()),
  );

  app.get('/sys/dict/getDictItems/', { config: { access: SIGNED_IN } }, async () => {
    throw new AppError(MSG_DICT_CODE_EMPTY);
  });

  app.get<{ Params: { dictCode: string } }>(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: { access: SIGNED_IN, signed: true },
      schema: {
        params: {
          type: 'object',
          properties: { dictCode: { type: 'string', maxLength: 200 } },
          required: ['dictCode'],
        },
      },
    },
    async (request) => {
      const code = request.params.dictCode.trim();
      if (!code) throw new AppError(MSG_DICT_CODE_EMPTY);
      if (!DICT_CODE.test(code)) throw new AppError(MSG_DICT_CODE_INVALID);
      return ok(await ctx.dicts.getItems(code));
    },
  );

  app.get('/sys/dict/refleshCache', { config: { access: SIGNED_IN } }, async () => {
    await ctx.bus.publish({ kind: 'dict' });
    return ok(null, '刷新缓存完成！');
  });
}
