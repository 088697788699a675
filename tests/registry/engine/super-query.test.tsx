import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { paramsOf } from './harness';
import { SQ_LIST, choose, openBuilder, optionTexts, superQueryOf } from './super-query-support';

/** widgets.md §2.9, §4, §5: the builder on a list page and what the list request carries. */

beforeEach(() => localStorage.clear());

const button = () => screen.getByRole('button', { name: /高级查询/ });

describe('advanced query builder', { timeout: 30_000 }, () => {
  it('opens 高级查询构造器 with the match types, one empty row and the empty saved list', async () => {
    const { user, dialog, dialogElement } = await openBuilder();
    expect(dialogElement.closest<HTMLElement>('.ant-modal')!.style.width).toBe('1000px');
    expect(dialog.getByText('保存的查询')).toBeTruthy();
    expect(dialog.getByText('没有保存任何查询')).toBeTruthy();
    expect(dialog.getAllByRole('combobox', { name: /^字段/ })).toHaveLength(1);
    expect(await optionTexts(user, dialog, '过滤条件匹配：')).toEqual([
      'AND（所有条件都要求匹配）',
      'OR（条件中的任意一个匹配）',
    ]);
    for (const name of ['重置', '保存查询', '关闭', '查询']) {
      expect(
        dialog.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }),
      ).toBeTruthy();
    }
  });

  it('offers the fields of the list and query form only, and every rule', async () => {
    const { user, dialog } = await openBuilder();
    expect(await optionTexts(user, dialog, '字段 1')).toEqual([
      '客户名称',
      '客户等级',
      '签约日期',
      '拜访时间',
      '金额',
    ]);
    await user.keyboard('{Escape}');
    expect(await optionTexts(user, dialog, '规则 1')).toEqual([
      '等于',
      '模糊',
      '以..开始',
      '以..结尾',
      '在...中',
      '不等于',
      '大于',
      '大于等于',
      '小于',
      '小于等于',
    ]);
  });

  it('adds a row after one (+), removes one (−), and says 没有任何查询条件 without rows', async () => {
    const { user, dialog } = await openBuilder();
    await user.click(dialog.getByRole('button', { name: '添加条件' }));
    expect(dialog.getAllByRole('combobox', { name: /^字段/ })).toHaveLength(2);
    for (const remove of dialog.getAllByRole('button', { name: '删除条件' })) {
      await user.click(remove);
    }
    expect(dialog.queryAllByRole('combobox', { name: /^字段/ })).toHaveLength(0);
    expect(dialog.getByText('没有任何查询条件')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: '点击新增' }));
    expect(dialog.getAllByRole('combobox', { name: /^字段/ })).toHaveLength(1);
  });

  it('refuses to query empty conditions: 不能查询空条件 (a row without a value is empty)', async () => {
    const { h, user, dialog } = await openBuilder();
    await user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));
    expect(await screen.findByText('不能查询空条件')).toBeTruthy();
    await choose(user, dialog, '字段 1', '客户名称');
    await user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(screen.getAllByText('不能查询空条件')).toHaveLength(2));
    expect(h.calls(SQ_LIST)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '高级查询构造器' })).toBeTruthy();
  });

  it.each(['and', 'or'] as const)(
    'sends the conditions (%s) with the query form values, back on page 1, and closes',
    async (matchType) => {
      // The query form's own filter goes out too; the list was on page 2.
      const { h, user, dialog } = await openBuilder(undefined, async (user, h) => {
        await user.type(screen.getByLabelText('客户名称'), '甲');
        await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
        await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(2));
        await user.click(await screen.findByTitle('2'));
        await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(3));
        expect(paramsOf(h.calls(SQ_LIST)[2]!).pageNo).toBe('2');
      });
      if (matchType === 'or') {
        await choose(user, dialog, '过滤条件匹配：', 'OR（条件中的任意一个匹配）');
      }
      await choose(user, dialog, '字段 1', '客户等级');
      await choose(user, dialog, '值 1', 'VIP客户');
      await user.click(dialog.getByRole('button', { name: '添加条件' }));
      await choose(user, dialog, '字段 2', '客户名称');
      await choose(user, dialog, '规则 2', '以..开始');
      await user.type(dialog.getByRole('textbox', { name: '值 2' }), '  北京 ');
      await user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));

      await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(4));
      const params = paramsOf(h.calls(SQ_LIST)[3]!);
      expect(params.pageNo).toBe('1');
      expect(params.name).toBe('*甲*');
      // encodeURI(JSON): the JSON's quotes and braces are escaped, its commas and colons not.
      expect(params.superQueryParams).toMatch(/^%5B%7B%22field%22:%22level%22/);
      expect(superQueryOf(params)).toEqual({
        matchType,
        conditions: [
          { field: 'level', rule: 'eq', val: '3', type: 'string' },
          { field: 'name', rule: 'right_like', val: '北京', type: 'string' },
        ],
      });
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: '高级查询构造器' })).toBeNull(),
      );
    },
  );

  it('shows the active variant (tooltip 已有高级查询条件生效, 清空) until cleared', async () => {
    const { h, user, dialog } = await openBuilder();
    expect(button().getAttribute('data-super-query-active')).toBe('false');
    await choose(user, dialog, '字段 1', '客户名称');
    await user.type(dialog.getByRole('textbox', { name: '值 1' }), '甲');
    await user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(button().getAttribute('data-super-query-active')).toBe('true'));
    expect(button().className).toContain('ant-btn-background-ghost');
    await user.hover(button());
    expect(await screen.findByText('已有高级查询条件生效')).toBeTruthy();

    // Paging and the query form keep the conditions.
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(3));
    expect(superQueryOf(paramsOf(h.calls(SQ_LIST)[2]!)).conditions).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /^清\s*空$/ }));
    await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(4));
    const cleared = paramsOf(h.calls(SQ_LIST)[3]!);
    expect(cleared).not.toHaveProperty('superQueryParams');
    expect(cleared).not.toHaveProperty('superQueryMatchType');
    expect(button().getAttribute('data-super-query-active')).toBe('false');
    // The builder starts over with one empty row.
    await user.click(button());
    const reopened = within(await screen.findByRole('dialog', { name: '高级查询构造器' }));
    expect(reopened.getByRole('textbox', { name: '值 1' })).toHaveProperty('value', '');
  });

  it('重置 drops the conditions, turns the flag off and reloads, keeping the builder open', async () => {
    const { h, user, dialog } = await openBuilder();
    await choose(user, dialog, '字段 1', '客户名称');
    await user.type(dialog.getByRole('textbox', { name: '值 1' }), '甲');
    await user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(button().getAttribute('data-super-query-active')).toBe('true'));
    await user.click(button());
    const again = within(await screen.findByRole('dialog', { name: '高级查询构造器' }));
    // The builder kept what was sent.
    expect(again.getByRole('textbox', { name: '值 1' })).toHaveProperty('value', '甲');
    await user.click(again.getByRole('button', { name: /^重\s*置$/ }));
    await waitFor(() => expect(h.calls(SQ_LIST)).toHaveLength(3));
    expect(paramsOf(h.calls(SQ_LIST)[2]!)).not.toHaveProperty('superQueryParams');
    expect(button().getAttribute('data-super-query-active')).toBe('false');
    expect(again.getByRole('textbox', { name: '值 1' })).toHaveProperty('value', '');
    expect(screen.getByRole('dialog', { name: '高级查询构造器' })).toBeTruthy();
  });

  it('关闭 closes without sending', async () => {
    const { h, user, dialog } = await openBuilder();
    await user.click(dialog.getByRole('button', { name: /^关\s*闭$/ }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '高级查询构造器' })).toBeNull(),
    );
    expect(h.calls(SQ_LIST)).toHaveLength(1);
  });
});
