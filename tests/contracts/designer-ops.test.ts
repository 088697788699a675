import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/contracts/catalogue/index';
import { fieldNameProblem } from '../../src/contracts/designer/field-name';
import {
  canRedo,
  canUndo,
  record,
  redo,
  seal,
  startHistory,
  undo,
} from '../../src/contracts/designer/history';
import {
  applyOp,
  DesignerOpError,
  type DesignerOp,
  type Draft,
} from '../../src/contracts/designer/ops';
import { checkPage } from '../../src/contracts/page-check';
import { draftText, readDesignerDraft } from '../../src/app/pages/lowcode/designer/designer-text';
import { textOf } from '../../src/app/pages/lowcode/editor-screen/use-page-document';
import { newPageTemplate } from '../../src/app/pages/lowcode/model/template';

/** Every shipped page (schemas/*.json), as stored. */
const SHIPPED = import.meta.glob<unknown>('../../schemas/*.json', {
  eager: true,
  import: 'default',
});

function template(): Draft {
  return newPageTemplate('designer_test') as unknown as Draft;
}

function apply(draft: Draft, ...ops: DesignerOp[]): Draft {
  return ops.reduce((d, op) => applyOp(d, op, CATALOGUE).draft, draft);
}

/** A master-detail page with one detail whose only field is its foreign key `key`. */
function masterWithDetail(key: string, label: string): Draft {
  const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return apply(
    template(),
    { op: 'setPage', path: ['kind'], value: 'master-detail' },
    {
      op: 'addDetail',
      detail: {
        code: 'designer_test_item',
        title: '明细',
        foreignKey: key,
        table: {
          name: 'designer_test_item',
          columns: [{ name: column, type: 'string', length: 32 }],
        },
        fields: [{ name: key, label, type: 'hidden' }],
      },
    },
  );
}

function valid(draft: Draft): boolean {
  const checked = checkPage(draft, { catalogue: CATALOGUE });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.ok;
}

describe('the designer round trip of every shipped page', () => {
  const files = Object.keys(SHIPPED);
  it('finds the shipped pages', () => expect(files.length).toBeGreaterThanOrEqual(19));

  for (const file of files)
    it(`${file} opens in the designer and comes back byte for byte`, () => {
      const stored = SHIPPED[file];
      const text = textOf(stored);
      const read = readDesignerDraft(text);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(draftText(read.draft)).toBe(text);
      // A move there and back, a label changed and changed back: the same text again.
      const first = read.draft.fields[0]!;
      const back = apply(
        read.draft,
        { op: 'moveField', from: 0, to: read.draft.fields.length - 1 },
        { op: 'moveField', from: read.draft.fields.length - 1, to: 0 },
        { op: 'setField', index: 0, key: 'label', value: '临时' },
        { op: 'setField', index: 0, key: 'label', value: first.label },
      );
      expect(draftText(back)).toBe(text);
    });
});

describe('designer operations', () => {
  it('adds a field with its column (a type-shaped column, the label as comment)', () => {
    const next = apply(template(), {
      op: 'addField',
      field: { name: 'signDate', label: '签订日期', type: 'date' },
    });
    expect(next.fields.map((f) => f.name)).toEqual(['name', 'status', 'remark', 'signDate']);
    expect(next.table!.columns.at(-1)).toEqual({
      name: 'sign_date',
      type: 'date',
      comment: '签订日期',
    });
    expect(valid(next)).toBe(true);
  });

  it('adds at a position, and refuses a name already taken without changing anything', () => {
    const draft = template();
    const next = apply(draft, {
      op: 'addField',
      index: 0,
      field: { name: 'amount', label: '金额', type: 'inputNumber' },
    });
    expect(next.fields[0]!.name).toBe('amount');
    expect(next.table!.columns.at(-1)).toMatchObject({ name: 'amount', type: 'int' });
    expect(() =>
      applyOp(
        draft,
        { op: 'addField', field: { name: 'name', label: '重名', type: 'input' } },
        CATALOGUE,
      ),
    ).toThrow(new DesignerOpError('字段名 name 已存在'));
    expect(draft.fields).toHaveLength(3);
  });

  it('adds no column for a field over a standard column', () => {
    const next = apply(template(), {
      op: 'addField',
      field: { name: 'createTime', label: '创建时间', type: 'datetime', form: false },
    });
    expect(next.table!.columns).toHaveLength(3);
    expect(valid(next)).toBe(true);
  });

  it('moves a field; the columns keep their order', () => {
    const next = apply(template(), { op: 'moveField', from: 2, to: 0 });
    expect(next.fields.map((f) => f.name)).toEqual(['remark', 'name', 'status']);
    expect(next.table!.columns.map((c) => c.name)).toEqual(['name', 'status', 'remark']);
    expect(() => applyOp(template(), { op: 'moveField', from: 0, to: 3 }, CATALOGUE)).toThrow(
      DesignerOpError,
    );
  });

  it('removes a field with its column', () => {
    const next = apply(template(), { op: 'removeField', index: 1 });
    expect(next.fields.map((f) => f.name)).toEqual(['name', 'remark']);
    expect(next.table!.columns.map((c) => c.name)).toEqual(['name', 'remark']);
    expect(valid(next)).toBe(true);
  });

  it('copies a field after itself under a free name, with a copy of its column', () => {
    const once = apply(template(), { op: 'copyField', index: 0 });
    const twice = apply(once, { op: 'copyField', index: 0 });
    expect(twice.fields.map((f) => f.name)).toEqual([
      'name',
      'nameCopy2',
      'nameCopy',
      'status',
      'remark',
    ]);
    expect(twice.fields[1]).toMatchObject({ label: '名称（副本）', type: 'input' });
    expect(twice.table!.columns.find((c) => c.name === 'name_copy2')).toEqual({
      name: 'name_copy2',
      type: 'string',
      length: 100,
      nullable: false,
      comment: '名称（副本）',
    });
    expect(valid(twice)).toBe(true);
  });

  it('renames a field and its column', () => {
    const next = apply(template(), { op: 'renameField', index: 0, name: 'contractName' });
    expect(next.fields[0]!.name).toBe('contractName');
    expect(next.table!.columns[0]!.name).toBe('contract_name');
    expect(valid(next)).toBe(true);
  });

  it('retypes a field: keeps the props the new type takes, names those dropped', () => {
    const draft = apply(template(), {
      op: 'setField',
      index: 0,
      key: 'props',
      value: { maxLength: 50, allowClear: true, prefix: '¥' },
    });
    const result = applyOp(draft, { op: 'retypeField', index: 0, type: 'sel_user' }, CATALOGUE);
    expect(result.draft.fields[0]).toMatchObject({ type: 'sel_user', props: { allowClear: true } });
    expect(result.notice).toBe('已去掉「用户选择」不支持的属性：maxLength、prefix');
    // The varchar column holds the user ids as they are.
    expect(result.draft.table!.columns[0]).toMatchObject({ type: 'string', length: 100 });
    expect(valid(result.draft)).toBe(true);
  });

  it('retypes to a type the column cannot hold: the column takes the new type', () => {
    const result = applyOp(template(), { op: 'retypeField', index: 2, type: 'date' }, CATALOGUE);
    expect(result.notice).toBeNull();
    expect(result.draft.table!.columns[2]).toEqual({
      name: 'remark',
      type: 'date',
      comment: '备注',
    });
    const number = applyOp(
      template(),
      { op: 'retypeField', index: 0, type: 'inputNumber' },
      CATALOGUE,
    );
    expect(number.draft.table!.columns[0]).toEqual({
      name: 'name',
      type: 'int',
      nullable: false,
      comment: '名称',
    });
  });

  it('sets and removes a field key, and a column setting', () => {
    const set = apply(
      template(),
      { op: 'setField', index: 1, key: 'dictCode', value: 'sex' },
      { op: 'setField', index: 1, key: 'options', value: undefined },
      { op: 'setColumn', index: 0, patch: { length: 200, nullable: undefined } },
    );
    expect(set.fields[1]).not.toHaveProperty('options');
    expect(set.fields[1]!.dictCode).toBe('sex');
    expect(set.table!.columns[0]).toEqual({
      name: 'name',
      type: 'string',
      length: 200,
      comment: '名称',
    });
  });

  it('sets and removes page properties by path', () => {
    const next = apply(
      template(),
      { op: 'setPage', path: ['list', 'pageSize'], value: 20 },
      { op: 'setPage', path: ['form', 'columns'], value: 2 },
      { op: 'setPage', path: ['description'], value: undefined },
    );
    expect(next.list).toMatchObject({ pageSize: 20 });
    expect(next.form).toMatchObject({ columns: 2 });
    expect(next).not.toHaveProperty('description');
  });

  it("renames a detail's foreign key with its field", () => {
    const withDetail = masterWithDetail('masterId', '主表');
    const renamed = apply(withDetail, {
      op: 'renameField',
      detail: 0,
      index: 0,
      name: 'contractId',
    });
    expect(renamed.details?.[0]?.foreignKey).toBe('contractId');
    expect(renamed.details?.[0]?.table?.columns[0]?.name).toBe('contract_id');
    expect(valid(renamed)).toBe(true);
  });

  it("names the page's table after a new code while the table has the old code's name", () => {
    const renamed = apply(template(), { op: 'setPage', path: ['code'], value: 'contract' });
    expect(renamed.code).toBe('contract');
    expect(renamed.table?.name).toBe('contract');
    const own = apply(
      template(),
      { op: 'setPage', path: ['table', 'name'], value: 'my_table' },
      { op: 'setPage', path: ['code'], value: 'contract2' },
    );
    expect(own.table?.name).toBe('my_table');
  });

  it('adds a detail, edits its fields with their columns, and removes it', () => {
    const withDetail = apply(
      masterWithDetail('contractId', '合同'),
      { op: 'addField', detail: 0, field: { name: 'qty', label: '数量', type: 'inputNumber' } },
      { op: 'setDetail', index: 0, path: ['grid', 'rowNumber'], value: false },
    );
    const detail = withDetail.details![0]!;
    expect(detail.fields.map((f) => f.name)).toEqual(['contractId', 'qty']);
    expect(detail.table!.columns.map((c) => c.name)).toEqual(['contract_id', 'qty']);
    expect(detail.grid).toEqual({ rowNumber: false });
    expect(valid(withDetail)).toBe(true);
    // The master list is untouched.
    expect(withDetail.fields).toEqual(template().fields);
    const removed = apply(withDetail, { op: 'removeDetail', index: 0 });
    expect(removed).not.toHaveProperty('details');
    expect(() =>
      applyOp(removed, { op: 'addField', detail: 0, field: detail.fields[1]! }, CATALOGUE),
    ).toThrow(new DesignerOpError('子表 1 不存在'));
  });

  it('never changes the draft it was given', () => {
    const draft = template();
    const before = JSON.stringify(draft);
    apply(
      draft,
      { op: 'addField', field: { name: 'x1', label: 'X', type: 'input' } },
      { op: 'removeField', index: 0 },
      { op: 'setColumn', index: 0, patch: { length: 20 } },
      { op: 'setPage', path: ['list', 'pageSize'], value: 30 },
    );
    expect(JSON.stringify(draft)).toBe(before);
  });
});

describe('the shared undo history', () => {
  it('undoes and redoes steps of either view, and drops the redo steps on a new change', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = record(h, 'd');
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe('b');
  });

  it('joins changes of one group into one step until sealed', () => {
    let h = startHistory('');
    for (const text of ['合', '合同', '合同名']) h = record(h, text, 'field:0:label');
    expect(h.past).toEqual(['']);
    h = record(seal(h), '合同名称', 'field:0:label');
    expect(undo(h).present).toBe('合同名');
    expect(undo(undo(h)).present).toBe('');
    expect(record(h, h.present)).toBe(h);
  });
});

describe('field names as they are typed', () => {
  const context = { others: ['name', 'status'], ownsTable: true };

  it('says what is wrong, with the rules the server applies', () => {
    expect(fieldNameProblem('', context)).toBe('请输入字段名');
    expect(fieldNameProblem('1abc', context)).toBe(
      '字段名须以字母开头，只含字母、数字和下划线，最多 63 个字符',
    );
    expect(fieldNameProblem('合同', context)).not.toBeNull();
    expect(fieldNameProblem('status', context)).toBe('字段名 status 已存在');
    expect(fieldNameProblem('Amount', context)).toBe('字段名 Amount 对应的列名 _amount 不合法');
    expect(fieldNameProblem('Amount', { ...context, ownsTable: false })).toBeNull();
    expect(fieldNameProblem('sex_dictText', context)).toBe(
      '以 _dictText 结尾的名称留给列表的显示文字',
    );
    expect(fieldNameProblem('signDate', context)).toBeNull();
  });
});
