import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, renderPage, findDialog } from './harness';

const BASE = '/online/cgform/api/link_demo/';

function definition(linkages: unknown[]) {
  return {
    schemaVersion: 2,
    code: 'link_demo',
    title: '联动演示',
    kind: 'list',
    table: {
      name: 'demo_link',
      columns: ['kind', 'note', 'code', 'amount'].map((name) => ({ name, type: 'string' })),
    },
    fields: [
      {
        name: 'kind',
        label: '类型',
        type: 'select',
        options: [
          { value: 'A', text: '甲' },
          { value: 'B', text: '乙' },
          { value: 'C', text: '丙' },
        ],
      },
      { name: 'note', label: '备注', type: 'input' },
      { name: 'code', label: '编码', type: 'input' },
      { name: 'amount', label: '金额', type: 'input' },
    ],
    linkages,
  };
}

async function open(
  linkages: unknown[],
  mode: 'add' | 'edit' = 'add',
  record: Record<string, unknown> = {},
) {
  const user = userEvent.setup();
  const h = renderPage(definition(linkages), {
    route: (config) => {
      if (config.url === BASE + 'list') return ok(page([{ id: '1', ...record }], 1));
      if (config.url === BASE + 'queryById') return ok({ id: '1', ...record });
      if (config.url === BASE + 'add' || config.url === BASE + 'edit') return ok(null, '保存成功');
      return undefined;
    },
  });
  if (mode === 'add') {
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
  } else {
    await user.click(await screen.findByText('编辑'));
  }
  const form = await findDialog();
  await form.findByLabelText('类型');
  const choose = (value: string) => user.selectOptions(form.getByLabelText('类型'), value);
  return { user, h, form, choose };
}

describe('linkages: each effect and its opposite', { timeout: 20_000 }, () => {
  it('show: visible while the condition holds, hidden when it stops', async () => {
    const { form, choose } = await open([
      { when: { field: 'kind', operator: 'eq', value: 'A' }, targets: ['note'], effect: 'show' },
    ]);
    expect(form.queryByLabelText('备注')).toBeNull();
    await choose('A');
    expect(await form.findByLabelText('备注')).toBeTruthy();
    await choose('B');
    await waitFor(() => expect(form.queryByLabelText('备注')).toBeNull());
  });

  it('hide: hidden while it holds (in: a list), shown again after', async () => {
    const { form, choose } = await open([
      {
        when: { field: 'kind', operator: 'in', value: ['A', 'B'] },
        targets: ['note', 'code'],
        effect: 'hide',
      },
    ]);
    expect(form.getByLabelText('备注')).toBeTruthy();
    await choose('B');
    await waitFor(() => expect(form.queryByLabelText('备注')).toBeNull());
    expect(form.queryByLabelText('编码')).toBeNull();
    await choose('C');
    expect(await form.findByLabelText('备注')).toBeTruthy();
  });

  it('disable / enable', async () => {
    const { form, choose } = await open([
      { when: { field: 'kind', operator: 'eq', value: 'B' }, targets: ['code'], effect: 'disable' },
      { when: { field: 'kind', operator: 'eq', value: 'A' }, targets: ['note'], effect: 'enable' },
    ]);
    const code = () => form.getByLabelText('编码') as HTMLInputElement;
    const note = () => form.getByLabelText('备注') as HTMLInputElement;
    expect(code().disabled).toBe(false);
    expect(note().disabled).toBe(true);
    await choose('B');
    await waitFor(() => expect(code().disabled).toBe(true));
    expect(note().disabled).toBe(true);
    await choose('A');
    await waitFor(() => expect(code().disabled).toBe(false));
    expect(note().disabled).toBe(false);
  });

  it('require / optional, with the required message', async () => {
    const { user, form, choose, h } = await open([
      { when: { field: 'kind', operator: 'eq', value: 'A' }, targets: ['code'], effect: 'require' },
    ]);
    await choose('A');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    expect(await form.findByText('编码不能为空')).toBeTruthy();
    await choose('B');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
  });

  it('optional: a required field stops being required while the condition holds', async () => {
    const def = definition([
      {
        when: { field: 'kind', operator: 'eq', value: 'C' },
        targets: ['code'],
        effect: 'optional',
      },
    ]);
    const fields = def.fields.map((f) =>
      f.name === 'code' ? { ...f, validateRules: [{ required: true }] } : f,
    );
    const user = userEvent.setup();
    const h = renderPage(
      { ...def, fields },
      { route: (c) => (c.url === BASE + 'add' ? ok(null) : undefined) },
    );
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await findDialog();
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    expect(await form.findByText('编码不能为空')).toBeTruthy();
    await user.selectOptions(form.getByLabelText('类型'), 'C');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
  });

  it('setValue on entering the condition only; the user may change it afterwards', async () => {
    const { user, form, choose } = await open([
      {
        when: { field: 'kind', operator: 'notEmpty' },
        targets: ['note'],
        effect: 'setValue',
        value: '默认备注',
      },
    ]);
    const note = () => form.getByLabelText('备注') as HTMLInputElement;
    expect(note().value).toBe('');
    await choose('A');
    await waitFor(() => expect(note().value).toBe('默认备注'));
    await user.clear(note());
    await user.type(note(), '我的');
    await choose('B');
    expect(note().value).toBe('我的');
  });

  it('clear on entering the condition (gt on a number)', async () => {
    const { user, form } = await open([
      { when: { field: 'amount', operator: 'gt', value: 100 }, targets: ['note'], effect: 'clear' },
    ]);
    await user.type(form.getByLabelText('备注'), '小额');
    await user.type(form.getByLabelText('金额'), '50');
    expect((form.getByLabelText('备注') as HTMLInputElement).value).toBe('小额');
    await user.type(form.getByLabelText('金额'), '0');
    await waitFor(() => expect((form.getByLabelText('备注') as HTMLInputElement).value).toBe(''));
  });

  it('opening a record that already meets a setValue condition does not rewrite it', async () => {
    const { form } = await open(
      [
        {
          when: { field: 'kind', operator: 'eq', value: 'A' },
          targets: ['note'],
          effect: 'setValue',
          value: '覆盖',
        },
      ],
      'edit',
      { kind: 'A', note: '原值' },
    );
    await waitFor(() =>
      expect((form.getByLabelText('备注') as HTMLInputElement).value).toBe('原值'),
    );
  });
});
