import { describe, expect, it } from 'vitest';
import type { DictLookup } from '../../server/modules/dict/lookup';
import { dictTexts } from '../../server/modules/online/records';
import type { OnlineColumn } from '../../server/modules/online/table';
import { columnTexts } from '../../server/http/sheet/columns';
import type { DictCache } from '../../server/modules/dict/cache';
import { optionSourceOf } from '../../src/contracts/page-field';

/**
 * A field with both a dictionary and fixed options (a select retyped to 字典下拉 in the
 * designer keeps its options) reads its texts from the dictionary, as the browser's form does:
 * the list's `_dictText`, the spreadsheet's texts and the form's choices agree.
 */

const PRIORITY = [{ value: 'H', text: '高', title: '高' }];
const STALE_OPTIONS = [{ value: 'H', text: '旧选项' }];

function column(name: string, dictCode: string | null, options: typeof STALE_OPTIONS | null) {
  return { name, dictCode, options } as unknown as OnlineColumn; // only these keys are read
}

describe('option texts of a field with a dictionary and options', () => {
  it('the dictionary wins; options serve a field without one', () => {
    expect(optionSourceOf({ dictCode: 'priority', options: STALE_OPTIONS })).toBe('priority');
    expect(optionSourceOf({ options: STALE_OPTIONS })).toBe(STALE_OPTIONS);
    expect(optionSourceOf({ dictCode: '', options: [] })).toBeNull();
  });

  it('the online list texts come from the dictionary', async () => {
    const asked: string[] = [];
    const lookup: DictLookup = async (code) => {
      asked.push(code);
      return code === 'priority' ? PRIORITY : [];
    };
    const maps = await dictTexts(
      [column('level', 'priority', STALE_OPTIONS), column('kind', null, STALE_OPTIONS)],
      lookup,
      [{ level: 'H', kind: 'H' }],
    );
    expect(maps.get('level')?.get('H')).toBe('高');
    expect(maps.get('kind')?.get('H')).toBe('旧选项');
    expect(asked).toEqual(['priority']);
  });

  it('the spreadsheet texts come from the dictionary', async () => {
    const dicts = { getItems: async () => PRIORITY } as unknown as DictCache; // only getItems is read
    const maps = await columnTexts(
      [{ name: 'level', label: '等级', dictCode: 'priority', options: STALE_OPTIONS }],
      dicts,
    );
    expect(maps.get('level')?.get('H')).toBe('高');
  });
});
