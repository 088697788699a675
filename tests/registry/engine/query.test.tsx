import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeFilter, parseFilter } from '../../../src/contracts/list-filter';
import { customerPage } from './definitions';
import { paramsOf, renderPage } from './harness';

const LIST = '/online/cgform/api/customer/list';

function withQuery(rule: string) {
  return {
    ...customerPage,
    fields: [
      { name: 'name', label: '客户名称', type: 'input', query: { rule } },
      ...customerPage.fields.slice(1),
    ],
  };
}

async function search(value: string, definition: unknown = customerPage) {
  const user = userEvent.setup();
  const h = renderPage(definition);
  await waitFor(() => expect(h.calls(LIST)).toHaveLength(1));
  await user.type(screen.getByPlaceholderText('请输入客户名称'), value);
  await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
  await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
  return { h, user, params: paramsOf(h.calls(LIST)[1]!) };
}

describe('query form: text-filter wrapping (widgets.md §5)', { timeout: 20_000 }, () => {
  it('wraps a text field as *v* by default (like) and goes back to page 1', async () => {
    const { params } = await search('甲');
    expect(params).toMatchObject({
      name: '*甲*',
      pageNo: '1',
      column: 'createTime',
      order: 'desc',
    });
  });

  it.each([
    ['ne', '!甲'],
    ['ge', '>=甲'],
    ['le', '<=甲'],
    ['eq', '甲'],
    ['right_like', '甲*'],
    ['left_like', '*甲'],
  ])('rule %s sends %s', async (rule, sent) => {
    const { params } = await search('甲', withQuery(rule));
    expect(params.name).toBe(sent);
  });

  it('wraps every rule of the translator', () => {
    expect(encodeFilter('gt', '5')).toBe('>5');
    expect(encodeFilter('lt', '5')).toBe('<5');
    expect(encodeFilter('in', ['a', 'b'])).toBe('a,b');
  });

  it.each([
    ['a,b', '*a\\,b*'],
    ['*star*', '*\\*star\\**'],
    ['!x', '*\\!x*'],
    ['>=5', '*\\>\\=5*'],
  ])('sends what the user typed as text, never as an operator: %s', async (typed, sent) => {
    const { params } = await search(typed);
    expect(params.name).toBe(sent);
    expect(parseFilter(params.name!)).toEqual({ op: 'like', value: typed });
  });

  it('sends a select value as it is (eq) and leaves empty fields out', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: (config) =>
        config.url === '/sys/dict/getDictItems/customer_level'
          ? {
              status: 200,
              data: {
                success: true,
                code: 200,
                message: '',
                timestamp: 0,
                result: [{ value: 'A', text: '重要客户', title: '重要客户' }],
              },
            }
          : undefined,
    });
    await screen.findByRole('option', { name: '重要客户' });
    await user.selectOptions(screen.getByLabelText('客户等级'), 'A');
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    const params = paramsOf(h.calls(LIST)[1]!);
    expect(params.level).toBe('A');
    expect(params).not.toHaveProperty('name');
  });

  it('sends a range as <field>_begin / <field>_end', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage);
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(1));
    await user.type(screen.getByPlaceholderText('开始'), '2024-01-01');
    await user.type(screen.getByPlaceholderText('结束'), '2024-12-31');
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    expect(paramsOf(h.calls(LIST)[1]!)).toMatchObject({
      signedOn_begin: '2024-01-01',
      signedOn_end: '2024-12-31',
    });
  });

  it('重置 clears the form and reloads without filters', async () => {
    const { h, user } = await search('甲');
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(3));
    expect(paramsOf(h.calls(LIST)[2]!)).not.toHaveProperty('name');
    expect((screen.getByPlaceholderText('请输入客户名称') as HTMLInputElement).value).toBe('');
  });

  it('shows queryVisibleCount fields and the rest after 展开 (收起 hides them again)', async () => {
    const user = userEvent.setup();
    renderPage({ ...customerPage, list: { queryVisibleCount: 1 } });
    const levelCol = () => document.querySelector<HTMLElement>('[data-query-field="level"]')!;
    expect(levelCol().style.display).toBe('none');
    await user.click(screen.getByRole('button', { name: /展\s*开/ }));
    expect(levelCol().style.display).toBe('');
    await user.click(screen.getByRole('button', { name: /收\s*起/ }));
    expect(levelCol().style.display).toBe('none');
  });

  it('has no expand button when every query field fits', () => {
    renderPage({ ...customerPage, list: { queryVisibleCount: 5 } });
    expect(screen.queryByRole('button', { name: /展\s*开/ })).toBeNull();
  });
});
