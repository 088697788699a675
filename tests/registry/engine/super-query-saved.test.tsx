import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { paramsOf } from './harness';
import {
  SQ_LIST,
  SQ_STORAGE_KEY,
  choose,
  openBuilder,
  superQueryOf,
  type Scope,
} from './super-query-support';

/** widgets.md §2.9 / §5 / §7: saved queries, kept in local storage per page. */

beforeEach(() => localStorage.clear());

type User = Awaited<ReturnType<typeof openBuilder>>['user'];

// The test environment gives every dialog the same title id: the prompt is found by its box.
const promptBox = () => screen.queryByRole('textbox', { name: '请输入保存的名称' });
const prompt = () => within(promptBox()!.closest<HTMLElement>('.ant-modal')!);
const stored = () => JSON.parse(localStorage.getItem(SQ_STORAGE_KEY) ?? 'null') as unknown;
const savedTitles = (dialog: Scope) =>
  dialog.queryByRole('list', { name: '保存的查询' })
    ? within(dialog.getByRole('list', { name: '保存的查询' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];

async function nameCondition(user: User, dialog: Scope, value: string) {
  await choose(user, dialog, '字段 1', '客户名称');
  await user.clear(dialog.getByRole('textbox', { name: '值 1' }));
  await user.type(dialog.getByRole('textbox', { name: '值 1' }), value);
}

async function saveAs(user: User, dialog: Scope, title: string) {
  await user.click(dialog.getByRole('button', { name: '保存查询' }));
  await user.type(await screen.findByRole('textbox', { name: '请输入保存的名称' }), title);
  await user.click(prompt().getByRole('button', { name: /^确\s*定$/ }));
}

describe('saved advanced queries', { timeout: 30_000 }, () => {
  it('空条件不能保存: nothing to save opens no prompt', async () => {
    const { user, dialog } = await openBuilder();
    await user.click(dialog.getByRole('button', { name: '保存查询' }));
    expect(await screen.findByText('空条件不能保存')).toBeTruthy();
    expect(promptBox()).toBeNull();
  });

  it('保存名称不能为空: the prompt stays until a name is given', async () => {
    const { user, dialog } = await openBuilder();
    await nameCondition(user, dialog, '甲');
    await user.click(dialog.getByRole('button', { name: '保存查询' }));
    await screen.findByRole('textbox', { name: '请输入保存的名称' });
    expect(prompt().getByText('请输入保存的名称', { selector: '.ant-modal-title' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '请输入保存的名称' }), '   ');
    await user.click(prompt().getByRole('button', { name: /^确\s*定$/ }));
    expect(await screen.findByText('保存名称不能为空')).toBeTruthy();
    expect(promptBox()).toBeTruthy();
    expect(stored()).toBeNull();
  });

  it('saves, survives a reload, loads, overwrites after a confirm, deletes after a confirm', async () => {
    let b = await openBuilder();
    await choose(b.user, b.dialog, '过滤条件匹配：', 'OR（条件中的任意一个匹配）');
    await nameCondition(b.user, b.dialog, '甲');
    await saveAs(b.user, b.dialog, '甲客户');
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(savedTitles(b.dialog)).toEqual(['甲客户']));
    expect(stored()).toEqual([
      {
        title: '甲客户',
        matchType: 'or',
        records: [{ field: 'name', rule: 'eq', val: '甲', type: 'string' }],
      },
    ]);

    // A reload of the page: the builder starts empty and lists what was saved.
    cleanup();
    b = await openBuilder();
    const { user, dialog } = b;
    expect(savedTitles(dialog)).toEqual(['甲客户']);
    expect(dialog.getByRole('textbox', { name: '值 1' })).toHaveProperty('value', '');
    await user.click(dialog.getByTitle('甲客户'));
    expect(dialog.getByRole('textbox', { name: '值 1' })).toHaveProperty('value', '甲');
    expect(dialog.getByText('OR（条件中的任意一个匹配）')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(b.h.calls(SQ_LIST)).toHaveLength(2));
    expect(superQueryOf(paramsOf(b.h.calls(SQ_LIST)[1]!))).toEqual({
      matchType: 'or',
      conditions: [{ field: 'name', rule: 'eq', val: '甲', type: 'string' }],
    });

    // Same name again: 甲客户 已存在，是否覆盖？ — cancel keeps the old one, OK replaces it.
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    const again = within(await screen.findByRole('dialog', { name: '高级查询构造器' }));
    await nameCondition(user, again, '乙');
    await saveAs(user, again, '甲客户');
    const ask = await screen.findByText('甲客户 已存在，是否覆盖？');
    const confirm = within(ask.closest<HTMLElement>('.ant-modal-confirm')!);
    await user.click(confirm.getByRole('button', { name: /^取\s*消$/ }));
    expect((stored() as { records: { val: string }[] }[])[0]!.records[0]!.val).toBe('甲');
    await user.click(prompt().getByRole('button', { name: /^确\s*定$/ }));
    const ask2 = (await screen.findAllByText('甲客户 已存在，是否覆盖？')).at(-1)!;
    await user.click(
      within(ask2.closest<HTMLElement>('.ant-modal-confirm')!).getByRole('button', {
        name: /^确\s*定$/,
      }),
    );
    await waitFor(() =>
      expect((stored() as { records: { val: string }[] }[])[0]!.records[0]!.val).toBe('乙'),
    );
    expect(savedTitles(again)).toEqual(['甲客户']);

    // 删除: 是否删除当前查询？
    await user.click(again.getByRole('button', { name: '删除 甲客户' }));
    const del = await screen.findByText('是否删除当前查询？');
    await user.click(
      within(del.closest<HTMLElement>('.ant-modal-confirm')!).getByRole('button', {
        name: /^确\s*定$/,
      }),
    );
    await waitFor(() => expect(again.getByText('没有保存任何查询')).toBeTruthy());
    expect(stored()).toEqual([]);
  });

  it('ignores what it cannot read in storage', async () => {
    localStorage.setItem(SQ_STORAGE_KEY, '{not json');
    const first = await openBuilder();
    expect(first.dialog.getByText('没有保存任何查询')).toBeTruthy();
    cleanup();
    localStorage.setItem(
      SQ_STORAGE_KEY,
      JSON.stringify([
        { title: '好的', matchType: 'and', records: [{ field: 'name', rule: 'eq', val: 'x' }] },
        { title: '坏的规则', matchType: 'and', records: [{ field: 'name', rule: 'drop', val: 1 }] },
        { nothing: true },
        'text',
      ]),
    );
    const { dialog } = await openBuilder();
    expect(savedTitles(dialog)).toEqual(['好的']);
  });
});
