import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sysUser from '../../../schemas/sys_user.json';
import { preloadBindings } from '../../../registry/registry';
import { BUILTIN_BINDINGS } from '../../../renderers';
import { fakePickerHttp } from '../../renderers/sel-user-support';
import { builtinRegistry } from '../../renderers/support';
import { findDialog, ok, page, renderPage, type Route } from './harness';

/**
 * 用户管理 as shipped (schemas/sys_user.json) with the product's renderers: 所属部门 is the
 * department picker and 职务 the position picker; the edit form saves the ticked department
 * ids as `selecteddeparts` and the position codes as `post` (as queryById gives them and
 * /sys/user/edit takes them).
 */

await preloadBindings(Object.values(BUILTIN_BINDINGS));

const API = '/sys/user/';
const RECORD = {
  id: 'u9',
  username: 'qianqi',
  realname: '钱七',
  userIdentity: 1,
  status: 1,
  selecteddeparts: 'd1',
  post: 'dev',
  selectedroles: '',
};

/** The department tree from the fake picker server; dictionaries empty; the page's own calls. */
function routes(own: Route): Route {
  const picker = fakePickerHttp();
  return async (config, params) => {
    const mine = await own(config, params);
    if (mine) return mine;
    const url = config.url ?? '';
    if (url.startsWith('/sys/dict/getDictItems/')) return ok([]);
    if (url === '/sys/duplicate/check') return ok(null, '该值可用！');
    if (url === '/sys/position/queryByCodes') return ok([{ code: 'dev', name: '开发工程师' }]);
    if (url === '/sys/position/queryPickerList') {
      return ok(
        page([
          { id: 'p1', code: 'dev', name: '开发工程师', rank_dictText: '中级' },
          { id: 'p2', code: 'pm', name: '产品经理', rank_dictText: '高级' },
        ]),
      );
    }
    if (url.startsWith('/sys/sysDepart/')) {
      return { status: 200, data: await picker.http.get(url, params) };
    }
    return undefined;
  };
}

describe('用户管理 → 所属部门, 职务', () => {
  it(
    'shows the held departments as names; the picker adds one; the edit saves the ids',
    {
      timeout: 20_000,
    },
    async () => {
      const user = userEvent.setup({ delay: null });
      const h = renderPage(sysUser, {
        registry: builtinRegistry(),
        route: routes((config) => {
          if (config.url === API + 'list') return ok(page([RECORD]));
          if (config.url === API + 'queryById') return ok(RECORD);
          if (config.url === API + 'edit') return ok(null, '编辑成功!');
          return undefined;
        }),
      });
      await screen.findByText('钱七');
      await user.click(within(screen.getByText('钱七').closest('tr')!).getByText('编辑'));
      const form = await findDialog();
      const box = (await form.findByRole('textbox', { name: '所属部门' })) as HTMLInputElement;
      await waitFor(() => expect(box.value).toBe('研发部'));

      await user.click(box);
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
      const picker = within(screen.getAllByRole('dialog')[1]!);
      expect(picker.getByText('选择部门')).toBeTruthy();
      await user.click(await picker.findByText('市场部', { selector: '.ant-tree-title' }));
      await user.click(picker.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
      expect(box.value).toBe('研发部,市场部');

      // 职务 through the position picker, held by code.
      const posts = (await form.findByRole('textbox', { name: '职务' })) as HTMLInputElement;
      await waitFor(() => expect(posts.value).toBe('开发工程师'));
      await user.click(posts);
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
      const positions = within(screen.getAllByRole('dialog')[1]!);
      expect(positions.getByText('选择职务')).toBeTruthy();
      await user.click((await positions.findByText('pm')).closest('tr')!);
      await user.click(positions.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
      expect(posts.value).toBe('开发工程师,产品经理');

      await user.click(form.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(h.calls(API + 'edit')).toHaveLength(1));
      expect(JSON.parse(String(h.calls(API + 'edit')[0]!.data))).toMatchObject({
        id: 'u9',
        selecteddeparts: 'd1,d2',
      });
    },
  );
});
