import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { syncSenderOf } from '../../realtime/sync-sender';
import type { OnlineDb } from './crud';
import { detailRecords } from './detail-list';
import { selectById } from './queries';
import { toRecords, withDictText } from './records';
import type { DetailTable, OnlineTable } from './table';
import { dictLookup } from '../dict/lookup';

/**
 * Live sync of online saves: once a save has committed, the saved master row (socket key = the
 * page code) and the rows of every detail the save wrote (socket key = the detail code, all the
 * master's rows, as the detail list answers them) go to `ctx.tableSync` with page id = the page
 * code, for holders of `online:{code}:list`. A failed read is logged; the save stands.
 */

export interface SavedRows {
  readonly table: OnlineTable;
  readonly masterId: string;
  /** The details the save wrote (those its body held an array for). */
  readonly details: readonly DetailTable[];
}

/** The details a save wrote: those its body held an array for. */
export function savedDetails(
  table: OnlineTable,
  body: Readonly<Record<string, unknown>>,
): DetailTable[] {
  return table.details.filter((detail) => Object.hasOwn(body, detail.code));
}

/** Publishes a committed save; never throws. */
export async function publishSave(
  ctx: AppContext,
  db: OnlineDb,
  request: FastifyRequest,
  saved: SavedRows,
): Promise<void> {
  const { table, masterId } = saved;
  const dictionaries = dictLookup(ctx.db, ctx.dicts);
  const deps = { db, dicts: dictionaries, timeZone: ctx.config.timeZone };
  const common = {
    pageId: table.code,
    senderId: syncSenderOf(request),
    permission: `online:${table.code}:list`,
    // Receivers whose data rules hide the master get neither it nor its detail rows.
    scope: { page: table.code, id: masterId },
  };
  try {
    const master = await selectById(db, table, masterId);
    if (master) {
      const rows = await withDictText(
        table,
        toRecords(table, [master], deps.timeZone),
        dictionaries,
      );
      ctx.tableSync.publishTableUpdate({ ...common, socketKey: table.code, rows });
    }
    for (const detail of saved.details) {
      const rows = await detailRecords(deps, detail, masterId);
      ctx.tableSync.publishTableUpdate({ ...common, socketKey: detail.code, rows });
    }
  } catch (error) {
    request.log.warn({ err: error, page: table.code }, 'live sync: save not published');
  }
}
