import { describe, expect, it } from 'vitest';
import type { DetailDefinition } from '../../../src/contracts/page';
import { detailColumns } from '../../../registry/engine/form/detail-columns';

/** A detail table's fields become the columns of its editable grid. */

const detail: DetailDefinition = {
  code: 'demo_purchase_item',
  title: '采购明细',
  foreignKey: 'purchaseId',
  fields: [
    { name: 'purchaseId', label: '采购单', type: 'hidden' },
    {
      name: 'product',
      label: '商品',
      type: 'input',
      validateRules: [{ required: true }, { unique: true, message: '商品重复' }],
    },
    {
      name: 'unit',
      label: '单位',
      type: 'select',
      options: [{ value: 'box', text: '箱' }],
      defaultValue: 'box',
    },
    {
      name: 'quantity',
      label: '数量',
      type: 'inputNumber',
      list: { width: 90, statistics: ['sum'] },
      validateRules: [{ pattern: 'z' }],
    },
    { name: 'code', label: '编码', type: 'input', validateRules: [{ checkRule: 'common' }] },
    { name: 'memo', label: '备注', type: 'textarea', list: false },
    { name: 'serial', label: '流水号', type: 'input', form: { readOnly: true } },
    { name: 'urgent', label: '加急', type: 'checkbox' },
    {
      name: 'paid',
      label: '已付',
      type: 'checkbox',
      props: { checkedValue: '1', uncheckedValue: '0' },
    },
  ],
};

describe('detail grid columns', () => {
  const columns = detailColumns(detail);
  const byKey = new Map(columns.map((c) => [c.key, c]));

  it('leaves the foreign key out and keeps the field order', () => {
    expect(columns.map((c) => c.key)).toEqual([
      'product',
      'unit',
      'quantity',
      'code',
      'memo',
      'serial',
      'urgent',
      'paid',
    ]);
  });

  it('takes the type, placeholder, options, default and width of each field', () => {
    expect(byKey.get('product')).toMatchObject({
      title: '商品',
      type: 'input',
      placeholder: '请输入商品',
      visible: true,
    });
    expect(byKey.get('unit')).toMatchObject({
      type: 'select',
      placeholder: '请选择单位',
      options: [{ value: 'box', text: '箱' }],
      defaultValue: 'box',
    });
    expect(byKey.get('quantity')).toMatchObject({ width: 90, statistics: ['sum'] });
  });

  it('turns validation rules into grid rules; unique means unique among the rows', () => {
    expect(byKey.get('product')!.validateRules).toEqual([
      { required: true },
      { unique: true, message: '商品重复' },
    ]);
    expect(byKey.get('quantity')!.validateRules).toEqual([{ pattern: 'z' }]);
    // A code rule is checked by the server when the page saves.
    expect(byKey.get('code')!.validateRules).toBeUndefined();
  });

  it('stores the values a form tick box stores: Y / N, or the props', () => {
    expect(byKey.get('urgent')!.customValue).toEqual(['Y', 'N']);
    expect(byKey.get('paid')!.customValue).toEqual(['1', '0']);
    expect(byKey.get('product')!.customValue).toBeUndefined();
  });

  it('hides fields kept out of the list and locks read-only ones', () => {
    expect(byKey.get('memo')!.visible).toBe(false);
    expect(byKey.get('serial')).toMatchObject({ disabled: true, visible: true });
  });
});

describe('placeholders of detail columns', () => {
  const columnsOf = (fields: DetailDefinition['fields']) =>
    detailColumns({ ...detail, fields: [detail.fields[0]!, ...fields] });

  it('person and department cells say what the spec says (widgets.md §2.5), not 请选择<label>', () => {
    const [owner, depart, product] = columnsOf([
      { name: 'owner', label: '负责人', type: 'sel_user' },
      { name: 'departId', label: '部门', type: 'sel_depart' },
      { name: 'product', label: '商品', type: 'input' },
    ]);
    expect(owner?.placeholder).toBe('请选择用户');
    expect(depart?.placeholder).toBe('请点击选择部门');
    expect(product?.placeholder).toBe('请输入商品');
  });

  it("a column's own placeholder wins", () => {
    const [owner] = columnsOf([
      { name: 'owner', label: '负责人', type: 'sel_user', placeholder: '请选择采购员' },
    ]);
    expect(owner?.placeholder).toBe('请选择采购员');
  });
});
