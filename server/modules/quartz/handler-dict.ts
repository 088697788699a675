import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { InvalidationBus } from '../../realtime/bus';
import type { JobHandler } from './handlers/handler';

/** The dictionary the 定时任务 form's 处理器 select reads: key → Chinese name. */
export const HANDLER_DICT_CODE = 'quartz_handler';

const idOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
const itemId = (dictId: string, key: string) => idOf(`${dictId}:${key}`);

/**
 * Rewrites the `quartz_handler` dictionary from the registered handlers (at start): the
 * registry is the one list, the dictionary its copy for the screens. Writes nothing when the
 * copy is already current; safe when several processes start at once (fixed ids, upserts).
 */
export async function syncHandlerDict(
  db: Db,
  bus: InvalidationBus,
  handlers: readonly JobHandler[],
): Promise<void> {
  const dictId = idOf(`dict:${HANDLER_DICT_CODE}`);
  const current = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dictId')
    .select(['i.itemValue', 'i.itemText', 'i.sortOrder'])
    .where('d.dictCode', '=', HANDLER_DICT_CODE)
    .where('d.delFlag', '=', 0)
    .orderBy('i.sortOrder')
    .execute();
  const same =
    current.length === handlers.length &&
    handlers.every((h, i) => current[i]?.itemValue === h.key && current[i]?.itemText === h.name);
  if (same) return;

  await db.transaction().execute(async (tx) => {
    await sql`
      insert into sys_dict (id, dict_name, dict_code, description, type, create_by)
      values (${dictId}, '任务处理器', ${HANDLER_DICT_CODE}, '由服务端注册的定时任务处理器生成', 0, 'system')
      on conflict (dict_code) do update set del_flag = 0`.execute(tx);
    const dict = await tx
      .selectFrom('sys_dict')
      .select('id')
      .where('dictCode', '=', HANDLER_DICT_CODE)
      .executeTakeFirstOrThrow();
    await tx
      .deleteFrom('sys_dict_item')
      .where('dictId', '=', dict.id)
      .where(
        'id',
        'not in',
        handlers.map((h) => itemId(dict.id, h.key)),
      )
      .execute();
    for (const [index, handler] of handlers.entries()) {
      await sql`
        insert into sys_dict_item (id, dict_id, item_text, item_value, sort_order, create_by)
        values (${itemId(dict.id, handler.key)}, ${dict.id}, ${handler.name}, ${handler.key},
          ${index + 1}, 'system')
        on conflict (id) do update set item_text = excluded.item_text,
          sort_order = excluded.sort_order, status = 1`.execute(tx);
    }
  });
  await bus.publish({ kind: 'dict' });
}
