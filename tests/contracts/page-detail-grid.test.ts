import { describe, expect, it } from 'vitest';
import { checkPage } from '../../src/contracts/page-check';

/** The editable-grid options of a detail table (`details[].grid`) and column statistics. */

const purchase = (grid: object, itemFields: object[] = []) => ({
  schemaVersion: 2,
  code: 'demo_purchase',
  title: '采购单',
  kind: 'master-detail',
  api: { list: '/demo/purchase/list' },
  fields: [{ name: 'orderNo', label: '单号', type: 'input' }],
  details: [
    {
      code: 'demo_purchase_item',
      title: '采购明细',
      foreignKey: 'purchaseId',
      grid,
      fields: [
        { name: 'purchaseId', label: '采购单', type: 'hidden' },
        { name: 'product', label: '商品', type: 'input' },
        {
          name: 'quantity',
          label: '数量',
          type: 'inputNumber',
          list: { statistics: ['sum', 'average'] },
        },
        ...itemFields,
      ],
    },
  ],
});

function problemsOf(definition: object): string[] {
  const checked = checkPage(definition);
  return checked.ok ? [] : checked.problems.map((p) => `${p.path} ${p.message}`);
}

describe('details[].grid', () => {
  it('takes the grid options and column statistics', () => {
    const orderNum = { name: 'orderNum', label: '序号', type: 'inputNumber' };
    expect(
      problemsOf(
        purchase(
          {
            rowNumber: true,
            rowSelection: false,
            dragSort: true,
            alwaysEdit: true,
            maxHeight: 300,
          },
          [orderNum],
        ),
      ),
    ).toEqual([]);
  });

  it('needs the order field of a drag-sorted grid among the detail fields', () => {
    expect(problemsOf(purchase({ dragSort: true }))).toEqual([
      '/details/0/grid/dragSort 拖动排序的排序字段 orderNum 不是子表的字段',
    ]);
    expect(problemsOf(purchase({ dragSort: true, dragSortKey: 'seq' }))).toEqual([
      '/details/0/grid/dragSortKey 拖动排序的排序字段 seq 不是子表的字段',
    ]);
    // Without dragSort the key is not used.
    expect(problemsOf(purchase({ dragSortKey: 'seq' }))).toEqual([]);
  });

  it('refuses unknown options and statistics', () => {
    expect(problemsOf(purchase({ rowHeight: 20 })).join('\n')).toMatch(/\/details\/0\/grid/);
    const median = {
      name: 'price',
      label: '单价',
      type: 'inputNumber',
      list: { statistics: ['median'] },
    };
    expect(problemsOf(purchase({}, [median])).join('\n')).toMatch(/\/details\/0\/fields\/3\/list/);
  });
});

describe('detail codes', () => {
  it('are unique and never the name of a master field', () => {
    const page = purchase({});
    const twice = { ...page, details: [page.details[0], page.details[0]] };
    expect(problemsOf(twice)).toContain('/details/1/code 子表编码 demo_purchase_item 重复');
    const clash = {
      ...page,
      fields: [...page.fields, { name: 'demo_purchase_item', label: '明细', type: 'input' }],
    };
    expect(problemsOf(clash)).toContain(
      '/details/0/code 子表编码 demo_purchase_item 与主表字段同名',
    );
  });
});
