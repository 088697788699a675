import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import announcement from '../../../schemas/sys_announcement.json';
import { preloadBindings } from '../../../registry/registry';
import { BUILTIN_BINDINGS } from '../../../renderers';
import { fakePickerHttp } from '../../renderers/sel-user-support';
import { builtinRegistry } from '../../renderers/support';
import { findDialog, ok, page, renderPage, type Route } from './harness';

/**
 * 系统通告 as shipped (schemas/sys_announcement.json) with the product's renderers: 指定用户 is
 * the user picker, shown for 通告对象 指定用户 only, and saves the picked ids.
 */

await preloadBindings(Object.values(BUILTIN_BINDINGS));

const API = '/sys/annountCement/';
const DICTS: Readonly<Record<string, readonly { value: string; text: string }[]>> = {
  msg_category: [
    { value: '1', text: '通知公告' },
    { value: '2', text: '系统消息' },
  ],
  msg_type: [
    { value: 'USER', text: '指定用户' },
    { value: 'ALL', text: '全体用户' },
  ],
};

/** The picker's calls answered by the fake staff list; the page's own by the test. */
function routes(own: Route): Route {
  const picker = fakePickerHttp();
  return async (config, params) => {
    const mine = await own(config, params);
    if (mine) return mine;
    const url = config.url ?? '';
    const dict = /^\/sys\/dict\/getDictItems\/(\w+)$/.exec(url);
    if (dict) return ok((DICTS[dict[1]!] ?? []).map((o) => ({ ...o, title: o.text })));
    if (url.startsWith('/sys/user/') || url.startsWith('/sys/sysDepart/')) {
      return { status: 200, data: await picker.http.get(url, params) };
    }
    return undefined;
  };
}

const option = async (text: string) => {
  await waitFor(() => {
    if (!document.querySelector(`.ant-select-item-option[title="${text}"]`)) throw new Error(text);
  });
  return document.querySelector<HTMLElement>(`.ant-select-item-option[title="${text}"]`)!;
};

describe('系统通告 → 指定用户', () => {
  it(
    'is a user picker shown for 指定用户 only; the form saves the picked ids',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      const h = renderPage(announcement, {
        registry: builtinRegistry(),
        route: routes((config) =>
          config.url === API + 'add' ? ok(null, '添加成功！') : undefined,
        ),
      });
      await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
      const form = await findDialog();
      expect(form.queryByRole('textbox', { name: '指定用户' })).toBeNull();

      await user.type(form.getByRole('textbox', { name: '标题' }), '季度会议');
      await user.click(form.getByRole('combobox', { name: /消息类型/ }));
      await user.click(await option('通知公告'));
      await user.click(await form.findByRole('radio', { name: '指定用户' }));

      const box = (await form.findByRole('textbox', { name: '指定用户' })) as HTMLInputElement;
      expect(box.getAttribute('placeholder')).toBe('请选择指定用户');
      await user.click(box);
      // The picker opens over the form (in a DOM emulator antd names both dialogs alike).
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
      const picker = within(screen.getAllByRole('dialog')[1]!);
      expect(picker.getByText('选择用户')).toBeTruthy();
      await user.click((await picker.findByText('lisi')).closest('tr')!);
      await user.click(picker.getByText('wangwu').closest('tr')!);
      await user.click(picker.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
      expect(box.value).toBe('李四,王五');

      await user.click(form.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(h.calls(API + 'add')).toHaveLength(1));
      expect(JSON.parse(String(h.calls(API + 'add')[0]!.data))).toMatchObject({
        titile: '季度会议',
        msgCategory: '1',
        msgType: 'USER',
        userIds: 'u2,u3',
      });
    },
  );

  it('an edited announcement shows its stored ids as names', async () => {
    const user = userEvent.setup({ delay: null });
    const record = {
      id: 'a1',
      titile: '季度会议',
      msgCategory: '1',
      msgType: 'USER',
      userIds: 'u1,u4,',
      sendStatus: '0',
    };
    renderPage(announcement, {
      registry: builtinRegistry(),
      route: routes((config) => {
        if (config.url === API + 'list') return ok(page([record]));
        if (config.url === API + 'queryById') return ok(record);
        return undefined;
      }),
    });
    await screen.findByText('季度会议');
    await user.click(within(screen.getByText('季度会议').closest('tr')!).getByText('编辑'));
    const form = await findDialog();
    const box = (await form.findByRole('textbox', { name: '指定用户' })) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('张三,赵六'));
  });
});
