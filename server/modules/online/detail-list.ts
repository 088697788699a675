import type { Page } from '../../../src/contracts/envelope';
import type { DictLookup } from '../dict/lookup';
import type { OnlineDb } from './crud';
import { countDetailRows, selectDetailRows } from './detail-queries';
import { MAX_DETAIL_ROWS } from './detail-rows';
import { toRecords, withDictText, type OnlineRecord } from './records';
import type { DetailTable } from './table';

/**
 * The detail rows of one master as list records (`_dictText`s included), in detail order, at
 * most MAX_DETAIL_ROWS; `total` says how many there are.
 */

export interface DetailListDeps {
  readonly db: OnlineDb;
  readonly dicts: DictLookup;
  readonly timeZone: string;
}

export async function detailRecords(
  deps: DetailListDeps,
  detail: DetailTable,
  masterId: string,
): Promise<OnlineRecord[]> {
  const rows = await selectDetailRows(deps.db, detail, masterId, MAX_DETAIL_ROWS);
  return withDictText(detail, toRecords(detail, rows, deps.timeZone), deps.dicts);
}

/** One page holding every row (up to the cap), so list clients read it as they read lists. */
export async function detailPage(
  deps: DetailListDeps,
  detail: DetailTable,
  masterId: string,
): Promise<Page<OnlineRecord>> {
  const records = await detailRecords(deps, detail, masterId);
  const total =
    records.length < MAX_DETAIL_ROWS
      ? records.length
      : await countDetailRows(deps.db, detail, masterId);
  return {
    records,
    total,
    size: MAX_DETAIL_ROWS,
    current: 1,
    pages: Math.ceil(total / MAX_DETAIL_ROWS),
  };
}
