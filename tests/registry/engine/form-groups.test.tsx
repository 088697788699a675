import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerPage } from './definitions';
import { findDialog, ok, page, renderPage, type Route } from './harness';

/**
 * Groups of the edit form (`form.group` of a field, `form.groupStyle` of the page): a group's
 * fields drawn together, ungrouped fields first, as titled sections or as tabs whose hidden
 * fields still hold their rules and values.
 */

const BASE = '/online/cgform/api/customer/';
const server: Route = async (config) => {
  if (config.url === BASE + 'list') return ok(page([], 0));
  if (config.url === '/sys/dict/getDictItems/customer_level') return ok([]);
  if (config.url === '/sys/duplicate/check') return ok(null, '该值可用！');
  if (config.url === BASE + 'add') return ok(null, '新增成功！');
  return undefined;
};

/** customerPage with 手机号 and 签约日期 in 联系方式, 客户等级 in 分类 (after them). */
function groupedPage(groupStyle?: 'tabs') {
  const [name, level, phone, signedOn] = customerPage.fields;
  return {
    ...customerPage,
    form: groupStyle ? { groupStyle } : {},
    fields: [
      name,
      { ...phone, form: { group: '联系方式' } },
      { ...level, form: { group: '分类' } },
      { ...signedOn, form: { group: '联系方式' } },
    ],
  };
}

async function openAddOf() {
  await userEvent.setup().click(await screen.findByRole('button', { name: /新\s*增/ }));
  return findDialog();
}

describe('edit form groups', { timeout: 20_000 }, () => {
  it('draws ungrouped fields first, then each group under its title with its fields together', async () => {
    renderPage(groupedPage(), { route: server });
    const form = await openAddOf();
    const sections = form.getAllByRole('region');
    expect(sections.map((s: HTMLElement) => s.getAttribute('aria-label'))).toEqual([
      '基本信息',
      '联系方式',
      '分类',
    ]);
    expect(within(sections[1]!).getByText('联系方式')).toBeTruthy();
    expect(within(sections[1]!).getByLabelText('手机号')).toBeTruthy();
    expect(within(sections[1]!).getByLabelText('签约日期')).toBeTruthy();
    expect(within(sections[2]!).getByLabelText('客户等级')).toBeTruthy();
    expect(within(sections[0]!).getByLabelText('客户名称')).toBeTruthy();
  });

  it('draws groups as tabs; a field on a hidden tab is still checked (its tab comes forward) and saved', async () => {
    const user = userEvent.setup();
    const h = renderPage(groupedPage('tabs'), { route: server });
    const form = await openAddOf();
    expect(form.getAllByRole('tab').map((t: HTMLElement) => t.textContent)).toEqual([
      '基本信息',
      '联系方式',
      '分类',
    ]);
    await user.click(form.getByRole('tab', { name: '联系方式' }));
    await user.type(form.getByLabelText('手机号'), '123');
    await user.click(form.getByRole('tab', { name: '基本信息' }));
    await user.type(form.getByLabelText('客户名称'), '丙公司');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    // 手机号's pattern refuses the value typed on the other tab: nothing is sent, and that tab
    // comes forward by itself with the message.
    await waitFor(() =>
      expect(form.getByRole('tab', { name: '联系方式' }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    expect(await form.findByText(/手机号码/)).toBeTruthy();
    expect(h.calls(BASE + 'add')).toHaveLength(0);

    await user.clear(form.getByLabelText('手机号'));
    await user.type(form.getByLabelText('手机号'), '13900000000');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
    expect(JSON.parse(String(h.calls(BASE + 'add')[0]!.data))).toMatchObject({
      name: '丙公司',
      phone: '13900000000',
    });
  });
});

describe('tabs and refused fields', { timeout: 20_000 }, () => {
  it('keeps the tab in view while it has a refused field of its own', async () => {
    const user = userEvent.setup();
    renderPage(groupedPage('tabs'), { route: server });
    const form = await openAddOf();
    await user.click(form.getByRole('tab', { name: '联系方式' }));
    await user.type(form.getByLabelText('手机号'), '123');
    // 客户名称 (required, 基本信息) is refused too, but the tab in view has its own refusal.
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    expect(await form.findByText(/手机号码/)).toBeTruthy();
    expect(form.getByRole('tab', { name: '联系方式' }).getAttribute('aria-selected')).toBe('true');
  });
});
