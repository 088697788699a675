import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLICK_GUARD_MS, setClickGuardWindow } from '../../../registry/use-click-guard';
import { customerPage } from './definitions';
import { ok, page, refused, renderPage, findDialog } from './harness';
import type { Reply } from '../../runtime/fakes';

const BASE = '/online/cgform/api/customer/';

describe('form dialog guards', { timeout: 20_000 }, () => {
  it('a double click on 确定 saves once and warns 你点击的太快了，请慢点点击!', async () => {
    setClickGuardWindow(CLICK_GUARD_MS);
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: async (config) => {
        if (config.url === BASE + 'list') return ok(page([], 0));
        if (config.url === BASE + 'add') return ok(null, '新增成功！');
        if (config.url === '/sys/duplicate/check') return ok(null, '该值可用！');
        return ok([]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await findDialog();
    await user.type(form.getByLabelText('客户名称'), '丙公司');
    const okButton = form.getByRole('button', { name: /确\s*定/ });
    fireEvent.click(okButton);
    fireEvent.click(okButton);
    expect(await screen.findByText('你点击的太快了，请慢点点击!')).toBeTruthy();
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
  });

  it('the form modal has a fullscreen toggle in its title bar', async () => {
    const user = userEvent.setup();
    renderPage(customerPage, { route: async () => ok(page([], 0)) });
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await findDialog();
    await user.click(form.getByRole('button', { name: '全屏' }));
    expect(form.getByRole('button', { name: '退出全屏' })).toBeTruthy();
  });

  it('the form is disabled while its save is under way, and editable again after a refusal', async () => {
    const user = userEvent.setup();
    let answer: (reply: Reply) => void = () => undefined;
    renderPage(customerPage, {
      route: async (config) => {
        if (config.url === BASE + 'list') return ok(page([], 0));
        if (config.url === BASE + 'add') {
          return new Promise<Reply>((resolve) => {
            answer = resolve;
          });
        }
        if (config.url === '/sys/duplicate/check') return ok(null, '该值可用！');
        return ok([]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await findDialog();
    const name = form.getByLabelText('客户名称') as HTMLInputElement;
    await user.type(name, '丙公司');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    // A disabled fieldset disables every control in it (the browser's rule; happy-dom's not).
    const group = () => name.closest('fieldset')?.disabled;
    await waitFor(() => expect(group()).toBe(true));
    answer(refused(500, '客户名称已存在'));
    await waitFor(() => expect(group()).toBe(false));
  });
});
