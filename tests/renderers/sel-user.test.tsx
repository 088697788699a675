import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { builtinRegistry } from './support';
import {
  dialogClosed,
  fakePickerHttp,
  pickedNames,
  pickerBox,
  pickerDialog,
  renderPicker,
  WithServices,
} from './sel-user-support';

/** The user picker (widgets.md §2.5 user cell, §2.11): ids held, names shown. */

const rowOf = (dialog: Awaited<ReturnType<typeof pickerDialog>>, username: string) =>
  dialog.getByText(username).closest('tr')!;

describe('sel_user widget', () => {
  it('multi: row clicks toggle people into the picked list; OK holds their ids', async () => {
    const t = renderPicker({ value: '' });
    expect(pickerBox().getAttribute('placeholder')).toBe('请选择负责人');
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    await t.user.click(rowOf(dialog, 'zhangsan'));
    await t.user.click(rowOf(dialog, 'wangwu'));
    await t.user.click(rowOf(dialog, 'lisi'));
    await t.user.click(rowOf(dialog, 'wangwu'));
    expect(pickedNames(dialog)).toEqual(['张三', '李四']);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await dialogClosed();
    expect(t.onChange).toHaveBeenLastCalledWith('u1,u2');
    expect(pickerBox().value).toBe('张三,李四');
    // The names were learnt from the picked rows: nothing is looked up.
    expect(t.calls('/sys/user/queryByIds')).toHaveLength(0);
  });

  it('single: one person is kept, a new click replaces the pick', async () => {
    const t = renderPicker({ value: '', props: { multi: false } });
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    expect(dialog.queryAllByRole('checkbox')).toHaveLength(0);
    await t.user.click(rowOf(dialog, 'zhangsan'));
    await t.user.click(rowOf(dialog, 'lisi'));
    expect(pickedNames(dialog)).toEqual(['李四']);
    expect(dialog.getAllByRole('radio', { checked: true })).toHaveLength(1);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await dialogClosed();
    expect(t.onChange).toHaveBeenLastCalledWith('u2');
  });

  it('shows the held ids as names, and opens with them picked; removal drops one', async () => {
    // As the announcement stores them: comma-terminated.
    const t = renderPicker({ value: 'u3,u1,' });
    await waitFor(() => expect(pickerBox().value).toBe('王五,张三'));
    expect(t.calls('/sys/user/queryByIds')).toEqual([
      { url: '/sys/user/queryByIds', params: { userIds: 'u3,u1' } },
    ]);
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    expect(pickedNames(dialog)).toEqual(['王五', '张三']);
    expect(within(rowOf(dialog, 'zhangsan')).getByRole<HTMLInputElement>('checkbox').checked).toBe(
      true,
    );
    await t.user.click(dialog.getByRole('button', { name: '移除 王五' }));
    expect(pickedNames(dialog)).toEqual(['张三']);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await dialogClosed();
    expect(t.onChange).toHaveBeenLastCalledWith('u1');
    expect(pickerBox().value).toBe('张三');
  });

  it('cancel closes without changing the value', async () => {
    const t = renderPicker({ value: 'u1' });
    await waitFor(() => expect(pickerBox().value).toBe('张三'));
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    await t.user.click(rowOf(dialog, 'lisi'));
    await t.user.click(dialog.getByRole('button', { name: '移除 张三' }));
    await t.user.click(dialog.getByRole('button', { name: /取\s*消/ }));
    await dialogClosed();
    expect(t.onChange).not.toHaveBeenCalled();
    expect(pickerBox().value).toBe('张三');
    // Opening again starts from the value, not from the cancelled pick.
    await t.user.click(pickerBox());
    expect(pickedNames(await pickerDialog())).toEqual(['张三']);
  });

  it('the clear icon empties the value', async () => {
    const t = renderPicker({ value: 'u1,u2' });
    await waitFor(() => expect(pickerBox().value).toBe('张三,李四'));
    await t.user.click(screen.getByRole('button', { name: '清除' }));
    expect(t.onChange).toHaveBeenLastCalledWith('');
    expect(pickerBox().value).toBe('');
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('searches by name and by department', async () => {
    const t = renderPicker({ value: '' });
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    await t.user.type(dialog.getByRole('textbox', { name: '姓名' }), '王');
    await t.user.click(dialog.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(dialog.queryByText('zhangsan')).toBeNull());
    expect(dialog.getByText('wangwu')).toBeTruthy();
    expect(t.calls('/sys/user/queryUserComponentData').at(-1)!.params).toMatchObject({
      realname: '王',
      pageNo: 1,
      pageSize: 10,
    });

    await t.user.click(dialog.getByRole('button', { name: /重\s*置/ }));
    await dialog.findByText('zhangsan');
    await t.user.click(dialog.getByText('研发部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(dialog.queryByText('wangwu')).toBeNull());
    expect(dialog.getByText('lisi')).toBeTruthy();
    expect(t.calls('/sys/user/queryUserComponentData').at(-1)!.params).toMatchObject({
      departId: 'd1',
    });
  });

  it('lists account, name, phone as the server answers it (masked), birthday, sex, departments', async () => {
    const t = renderPicker({ value: '' });
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    const headers = dialog
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter((text) => text);
    expect(headers).toEqual(['账号', '姓名', '手机号', '生日', '性别', '部门']);
    const cells = (username: string) =>
      within(rowOf(dialog, username))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('zhangsan').slice(1)).toEqual([
      'zhangsan',
      '张三',
      '138****5678',
      '1990-05-01',
      '男',
      '研发部',
    ]);
    expect(cells('lisi').slice(1)).toEqual([
      'lisi',
      '李四',
      '139****4321',
      '1992-03-15',
      '女',
      '研发部',
    ]);
    // Nothing known: empty cells.
    expect(cells('wangwu').slice(3, 5)).toEqual(['', '']);
    expect(cells('zhaoliu')[5]).toBe('');
  });

  it('filters by sex and by birthday; 重置 clears them', async () => {
    const t = renderPicker({ value: '' });
    await t.user.click(pickerBox());
    const dialog = await pickerDialog();
    await t.user.click(dialog.getByRole('combobox', { name: '性别' }));
    await t.user.click(
      await waitFor(() => {
        const found = document.querySelector('.ant-select-item-option[title="女"]');
        if (!found) throw new Error('option 女 not shown');
        return found as HTMLElement;
      }),
    );
    await t.user.click(dialog.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(dialog.queryByText('zhangsan')).toBeNull());
    expect(dialog.getByText('lisi')).toBeTruthy();
    expect(t.calls('/sys/user/queryUserComponentData').at(-1)!.params).toMatchObject({
      sex: '2',
      pageNo: 1,
    });

    await t.user.click(dialog.getByRole('button', { name: /重\s*置/ }));
    await dialog.findByText('zhangsan');
    expect(t.calls('/sys/user/queryUserComponentData').at(-1)!.params).not.toHaveProperty('sex');

    await t.user.click(dialog.getByRole('textbox', { name: '生日' }));
    await t.user.keyboard('1990-05-01{Enter}');
    await t.user.click(dialog.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(dialog.queryByText('lisi')).toBeNull());
    expect(dialog.getByText('zhangsan')).toBeTruthy();
    expect(dialog.getByText('zhaoliu')).toBeTruthy();
    expect(t.calls('/sys/user/queryUserComponentData').at(-1)!.params).toMatchObject({
      birthday: '1990-05-01',
    });
  });

  it('read-only: shows the names, never opens, no clear icon', async () => {
    const t = renderPicker({ value: 'u1', readOnly: true });
    await waitFor(() => expect(pickerBox().value).toBe('张三'));
    await t.user.click(pickerBox());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });

  it('grid cell: the cell placeholder, opened from the keyboard', async () => {
    const t = renderPicker({ value: '', cell: true });
    expect(pickerBox().getAttribute('placeholder')).toBe('请选择用户');
    expect(document.activeElement).toBe(pickerBox());
    await t.user.keyboard('{Enter}');
    const dialog = await pickerDialog();
    await t.user.click(rowOf(dialog, 'zhaoliu'));
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await dialogClosed();
    expect(t.onChange).toHaveBeenLastCalledWith('u4');
  });
});

describe('sel_user read-only view', () => {
  it('shows names joined by commas, an unknown id as itself, in one lookup for a screen', async () => {
    const { http, calls } = fakePickerHttp();
    const Display = builtinRegistry().get('sel_user')!.display!;
    const values = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? 'u1,u2' : i % 3 === 1 ? 'u3,ghost,' : '',
    );
    render(
      <WithServices http={http}>
        {values.map((value, i) => (
          <div key={i} data-testid={`v${i}`}>
            <Display value={value} />
          </div>
        ))}
      </WithServices>,
    );
    await waitFor(() => expect(screen.getByTestId('v0').textContent).toBe('张三,李四'));
    expect(screen.getByTestId('v1').textContent).toBe('王五,ghost');
    expect(screen.getByTestId('v2').textContent).toBe('');
    expect(calls('/sys/user/queryByIds')).toHaveLength(1);
    expect(String(calls('/sys/user/queryByIds')[0]!.params.userIds).split(',').sort()).toEqual([
      'ghost',
      'u1',
      'u2',
      'u3',
    ]);
  });
});

describe('a list of 100 rows with two user columns and one department column', () => {
  it('asks the names of each kind at most twice (one request per screen of values)', async () => {
    const { http, calls } = fakePickerHttp();
    const registry = builtinRegistry();
    const UserView = registry.get('sel_user')!.display!;
    const DepartView = registry.get('sel_depart')!.display!;
    const people = ['u1', 'u2,u3', 'u4', 'u1,u4'];
    const rows = Array.from({ length: 100 }, (_, i) => ({
      owner: people[i % 4]!,
      checker: people[(i + 1) % 4]!,
      depart: i % 2 ? 'd1' : 'd2,d0',
    }));
    render(
      <WithServices http={http}>
        {rows.map((row, i) => (
          <div key={i} data-testid={`row${i}`}>
            <span>
              <UserView value={row.owner} />
            </span>
            |
            <span>
              <UserView value={row.checker} />
            </span>
            |
            <span>
              <DepartView value={row.depart} />
            </span>
          </div>
        ))}
      </WithServices>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('row99').textContent).toBe('张三,赵六|张三|研发部'),
    );
    expect(screen.getByTestId('row0').textContent).toBe('张三|李四,王五|市场部,总公司');
    expect(calls('/sys/user/queryByIds').length).toBeLessThanOrEqual(2);
    expect(calls('/sys/sysDepart/queryIdTree').length).toBeLessThanOrEqual(2);
  });
});
