import { describe, expect, it } from 'vitest';
import type { ActionDefinition, FieldDefinition, PageDefinition } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';

/** Table dictionaries, `form.readOnly: 'edit'` and row actions shown by a condition (`when`). */

const base = {
  schemaVersion: 2,
  code: 'demo_user',
  title: '用户管理',
  kind: 'list',
  api: { list: '/sys/user/list' },
  fields: [
    { name: 'username', label: '账号', type: 'input' },
    { name: 'status', label: '状态', type: 'dict-select', dictCode: 'user_status' },
  ],
} as const satisfies PageDefinition;

function problemsOf(definition: object): string[] {
  const checked = checkPage(definition);
  return checked.ok ? [] : checked.problems.map((p) => `${p.path} ${p.message}`);
}

const withField = (field: object) =>
  problemsOf({ ...base, fields: [...base.fields, { name: 'post', label: '职务', ...field }] });
const withRow = (...rowActions: object[]) => problemsOf({ ...base, rowActions });

describe('dictCode', () => {
  it('names a system dictionary or a table dictionary `table,text,code`', () => {
    const fields: FieldDefinition[] = [
      { name: 'sex', label: '性别', type: 'dict-select', dictCode: 'sex' },
      { name: 'post', label: '职务', type: 'select-multiple', dictCode: 'sys_position,name,code' },
      { name: 'roles', label: '角色', type: 'select', dictCode: 'sys_role,role_name,id' },
      { name: 'level', label: '级别', type: 'select', dictCode: 'Demo.level-2' },
    ];
    expect(problemsOf({ ...base, fields })).toEqual([]);
  });

  it('refuses table dictionaries that are not three plain names', () => {
    for (const dictCode of [
      'sys_position,name', // two parts
      'sys_user,realname,id,del_flag=0', // a fourth part (a condition in the reference system)
      'sys_user,realname,id,x', // four names
      'Sys_user,realname,id', // upper case
      'sys_user, realname,id', // a space
      'sys_user,realname;drop,id',
      ',name,code',
    ]) {
      const problems = withField({ type: 'select', dictCode });
      expect(problems, dictCode).toHaveLength(1);
      expect(problems[0]).toMatch(/^\/fields\/2\/dictCode /);
    }
  });
});

describe('form.readOnly', () => {
  it("is true, false or 'edit'", () => {
    for (const readOnly of [true, false, 'edit']) {
      expect(withField({ type: 'input', form: { readOnly } })).toEqual([]);
    }
    expect(withField({ type: 'input', form: { readOnly: 'create' } })).toContain(
      '/fields/2/form/readOnly 应当是以下之一：true、false、"edit"',
    );
  });
});

describe('row actions: when', () => {
  it('accepts a condition on any record key, with every operator', () => {
    const rowActions: ActionDefinition[] = [
      {
        key: 'freeze',
        label: '冻结',
        url: '/sys/user/frozenBatch',
        method: 'put',
        params: { status: '2' },
        when: { field: 'status', operator: 'eq', value: 1 },
      },
      { key: 'edit', when: { field: 'menuType', operator: 'ne', value: '2' } },
      { key: 'a', url: '/x', when: { field: 'delFlag', operator: 'in', value: ['0', 0] } },
      { key: 'b', url: '/x', when: { field: 'type', operator: 'notIn', value: [] } },
      { key: 'c', url: '/x', when: { field: 'remark', operator: 'empty' } },
      { key: 'd', url: '/x', when: { field: 'remark', operator: 'notEmpty' } },
      { key: 'e', url: '/x', when: { field: 'age', operator: 'gt', value: 18 } },
      { key: 'f', open: { panel: 'p' }, when: { field: 'age', operator: 'lt', value: 60 } },
    ];
    expect(withRow(...rowActions)).toEqual([]);
  });

  it('refuses an incomplete or malformed condition', () => {
    expect(withRow({ key: 'a', url: '/x', when: { field: 'status', operator: 'eq' } })).toEqual([
      '/rowActions/0/when/value 条件 eq 需要 value',
    ]);
    expect(
      withRow({ key: 'a', url: '/x', when: { field: 'status', operator: 'in', value: '1' } }),
    ).toEqual(['/rowActions/0/when/value 条件 in 的 value 应当是数组']);
    expect(
      withRow({ key: 'a', url: '/x', when: { field: 'status', operator: 'like', value: '1' } }),
    ).toHaveLength(1);
    expect(withRow({ key: 'a', url: '/x', when: { field: '1x', operator: 'empty' } })).toEqual([
      '/rowActions/0/when/field 应当匹配模式 "^[A-Za-z][A-Za-z0-9_]{0,62}$"',
    ]);
    expect(withRow({ key: 'a', url: '/x', when: { operator: 'empty', extra: 1 } })).toEqual([
      '/rowActions/0/when/field 缺少必需的属性 field',
      '/rowActions/0/when/extra 不认识的属性 extra',
    ]);
  });

  it('is for rows only', () => {
    const toolbar = [{ key: 'a', url: '/x', when: { field: 'status', operator: 'empty' } }];
    expect(problemsOf({ ...base, toolbar })).toEqual([
      '/toolbar/0/when when 只能用于行按钮（rowActions）',
    ]);
  });
});
