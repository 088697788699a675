import { describe, expect, it } from 'vitest';
import { defaultPlaceholder } from '../../../registry/engine/page-model';

describe('default placeholders', () => {
  it('asks to choose where there are options, to type elsewhere', () => {
    expect(
      defaultPlaceholder({ name: 'sex', label: '性别', type: 'dict-select', dictCode: 'sex' }),
    ).toBe('请选择性别');
    expect(
      defaultPlaceholder({
        name: 'kind',
        label: '类型',
        type: 'select',
        options: [{ value: '1', text: '一' }],
      }),
    ).toBe('请选择类型');
    expect(defaultPlaceholder({ name: 'name', label: '姓名', type: 'input' })).toBe('请输入姓名');
  });

  it('asks to choose for types whose values are picked (pickers, trees, searches)', () => {
    for (const type of [
      'sel_user',
      'sel_depart',
      'sel_position',
      'sel_role',
      'cat_tree',
      'icon-select',
    ]) {
      expect(defaultPlaceholder({ name: 'v', label: '负责人', type })).toBe('请选择负责人');
    }
  });
});
