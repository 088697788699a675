import { describe, expect, it } from 'vitest';
import { designerPlaceOf } from '../../../src/app/pages/lowcode/designer/problem-place';

/** A problem found in the draft opens the designer where the author fixes it. */
describe('designerPlaceOf', () => {
  it('a field problem selects the field in its 字段 tab, master or detail', () => {
    expect(designerPlaceOf('/fields/3/name')).toEqual({
      tab: 'fields',
      field: { list: {}, index: 3 },
    });
    expect(designerPlaceOf('/details/1/fields/0/validateRules/0')).toEqual({
      tab: 'detail:1',
      field: { list: { detail: 1 }, index: 0 },
    });
  });

  it('a detail setting opens the detail, the form 表单布局, the rest 页面', () => {
    expect(designerPlaceOf('/details/0/foreignKey')).toEqual({ tab: 'detail:0' });
    expect(designerPlaceOf('/details')).toEqual({ tab: 'page' });
    expect(designerPlaceOf('/table/columns/2/length')).toEqual({ tab: 'fields' });
    expect(designerPlaceOf('/form/columns')).toEqual({ tab: 'layout' });
    expect(designerPlaceOf('/list/pageSize')).toEqual({ tab: 'page' });
    expect(designerPlaceOf('/code')).toEqual({ tab: 'page' });
  });
});
