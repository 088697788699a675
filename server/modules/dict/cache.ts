import type { DictMap, DictOption } from '../../../src/contracts/dict';
import type { Db } from '../../db/index';
import type { InvalidationBus } from '../../realtime/bus';

/**
 * Every enabled item of every system dictionary, read in one query and kept in memory until a
 * dictionary changes anywhere (bus event `dict`). Dictionaries are small and read on every
 * screen, so one load serves thousands of calls.
 */
export class DictCache {
  private all: Promise<DictMap> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.kind === 'dict' || event.kind === 'all') this.all = null;
    });
  }

  /** All dictionaries by code, items in sort order. */
  getAll(): Promise<DictMap> {
    if (!this.all) {
      const loading = this.load();
      this.all = loading;
      // A failed load is not cached: the next call tries again.
      loading.catch(() => {
        if (this.all === loading) this.all = null;
      });
    }
    return this.all;
  }

  /** Items of one dictionary; empty when the code is unknown. */
  async getItems(code: string): Promise<readonly DictOption[]> {
    return (await this.getAll())[code] ?? [];
  }

  close(): void {
    this.unsubscribe();
  }

  private async load(): Promise<DictMap> {
    const rows = await this.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dictId')
      .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
      .where('d.delFlag', '=', 0)
      .where('i.status', '=', 1)
      .orderBy('d.dictCode')
      .orderBy('i.sortOrder')
      .orderBy('i.itemValue')
      .execute();
    const map: Record<string, DictOption[]> = {};
    for (const row of rows) {
      (map[row.dictCode] ??= []).push({
        value: row.itemValue,
        text: row.itemText,
        title: row.itemText,
      });
    }
    return map;
  }
}
