import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { paramsOf } from './harness';
import {
  SQ_LIST,
  choose,
  openBuilder,
  optionTexts,
  superQueryOf,
  type Scope,
} from './super-query-support';

/** widgets.md §2.9 / §4: a value input typed by the field, and the two row transitions. */

beforeEach(() => localStorage.clear());

const row = (n: number) => document.querySelector<HTMLElement>(`[data-condition-row="${n}"]`)!;

async function sent(h: Awaited<ReturnType<typeof openBuilder>>, dialog: Scope) {
  await h.user.click(dialog.getByRole('button', { name: /^查\s*询$/ }));
  await waitFor(() => expect(h.h.calls(SQ_LIST)).toHaveLength(2));
  return superQueryOf(paramsOf(h.h.calls(SQ_LIST)[1]!)).conditions;
}

describe('advanced query rows', { timeout: 30_000 }, () => {
  it('a dictionary field offers its items; 在...中 picks several', async () => {
    const b = await openBuilder();
    const { user, dialog } = b;
    await choose(user, dialog, '字段 1', '客户等级');
    expect(await optionTexts(user, dialog, '值 1')).toEqual(['普通客户', '重要客户', 'VIP客户']);
    await user.keyboard('{Escape}');
    await choose(user, dialog, '规则 1', '在...中');
    await choose(user, dialog, '值 1', '普通客户');
    await choose(user, dialog, '值 1', 'VIP客户');
    expect(await sent(b, dialog)).toEqual([
      { field: 'level', rule: 'in', val: ['1', '3'], type: 'string' },
    ]);
  });

  it('leaving 在...中 keeps only the first selected value', async () => {
    const b = await openBuilder();
    const { user, dialog } = b;
    await choose(user, dialog, '字段 1', '客户等级');
    await choose(user, dialog, '规则 1', '在...中');
    await choose(user, dialog, '值 1', '重要客户');
    await choose(user, dialog, '值 1', 'VIP客户');
    await user.keyboard('{Escape}');
    await choose(user, dialog, '规则 1', '不等于');
    const shown = [...row(1).querySelectorAll('.ant-select-selection-item')].map(
      (e) => e.textContent,
    );
    expect(shown).toContain('重要客户');
    expect(shown).not.toContain('VIP客户');
    expect(await sent(b, dialog)).toEqual([
      { field: 'level', rule: 'ne', val: '2', type: 'string' },
    ]);
  });

  it('a date field gets a date picker (YYYY-MM-DD)', async () => {
    const b = await openBuilder();
    const { user, dialog } = b;
    await choose(user, dialog, '字段 1', '签约日期');
    await choose(user, dialog, '规则 1', '大于等于');
    expect(row(1).querySelector('.ant-picker')).toBeTruthy();
    await user.click(dialog.getByRole('textbox', { name: '值 1' }));
    await user.keyboard('2024-03-05{Enter}');
    expect(await sent(b, dialog)).toEqual([
      { field: 'signedOn', rule: 'ge', val: '2024-03-05', type: 'date' },
    ]);
  });

  it('a datetime field gets a date-time picker (YYYY-MM-DD HH:mm:ss)', async () => {
    const b = await openBuilder();
    const { user, dialog } = b;
    await choose(user, dialog, '字段 1', '拜访时间');
    expect(row(1).querySelector('.ant-picker')).toBeTruthy();
    await user.click(dialog.getByRole('textbox', { name: '值 1' }));
    await user.keyboard('2024-03-05 08:09:10{Enter}');
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: '值 1' })).toHaveProperty(
        'value',
        '2024-03-05 08:09:10',
      ),
    );
    // The picker's own 确定 may still be open: close it the way a user would.
    await user.keyboard('{Escape}');
    expect(await sent(b, dialog)).toEqual([
      { field: 'visitTime', rule: 'eq', val: '2024-03-05 08:09:10', type: 'datetime' },
    ]);
  });

  it('a number field gets a number box', async () => {
    const b = await openBuilder();
    const { user, dialog } = b;
    await choose(user, dialog, '字段 1', '金额');
    await choose(user, dialog, '规则 1', '大于');
    await user.type(dialog.getByRole('spinbutton', { name: '值 1' }), '12.5');
    expect(await sent(b, dialog)).toEqual([
      { field: 'amount', rule: 'gt', val: 12.5, type: 'number', dbType: 'double' },
    ]);
  });

  it('在...中 on text takes values separated by commas', async () => {
    const b = await openBuilder();
    const { user, dialog } = b;
    await choose(user, dialog, '字段 1', '客户名称');
    await choose(user, dialog, '规则 1', '在...中');
    const box = dialog.getByRole('textbox', { name: '值 1' });
    expect(box.getAttribute('placeholder')).toBe('多个值用逗号分隔');
    await user.type(box, '甲公司,乙公司');
    expect(await sent(b, dialog)).toEqual([
      { field: 'name', rule: 'in', val: '甲公司,乙公司', type: 'string' },
    ]);
  });

  it('changing the field clears the value', async () => {
    const { user, dialog } = await openBuilder();
    await choose(user, dialog, '字段 1', '客户名称');
    await user.type(dialog.getByRole('textbox', { name: '值 1' }), '甲');
    await choose(user, dialog, '字段 1', '金额');
    expect(dialog.getByRole('spinbutton', { name: '值 1' })).toHaveProperty('value', '');
    await user.type(dialog.getByRole('spinbutton', { name: '值 1' }), '3');
    await choose(user, dialog, '字段 1', '客户名称');
    expect(dialog.getByRole('textbox', { name: '值 1' })).toHaveProperty('value', '');
    // The rule stays.
    expect(row(1).textContent).toContain('等于');
    expect(screen.getByRole('dialog', { name: '高级查询构造器' })).toBeTruthy();
  });

  it('offers the likes for text only; a number field turns 模糊 back into 等于', async () => {
    const { user, dialog } = await openBuilder();
    await choose(user, dialog, '字段 1', '客户名称');
    await choose(user, dialog, '规则 1', '模糊');
    await choose(user, dialog, '字段 1', '金额');
    expect(row(1).textContent).toContain('等于');
    const rules = await optionTexts(user, dialog, '规则 1');
    expect(rules).toContain('大于');
    expect(rules).not.toContain('模糊');
  });
});
