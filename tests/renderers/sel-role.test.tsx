import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';
import { builtinRegistry, fieldOf } from './support';
import { pickedNames, WithServices } from './sel-user-support';

/** The role picker (widgets.md §2.11): ids (or role codes) held, names shown. */

const ROLES = [
  { id: 'r1', roleCode: 'admin', roleName: '管理员' },
  { id: 'r2', roleCode: 'hr', roleName: '人事专员' },
  { id: 'r3', roleCode: 'staff', roleName: '普通员工' },
];

function fakeRoleHttp() {
  const calls: { url: string; params: Record<string, unknown> }[] = [];
  const get = vi.fn(async (url: string, params?: object) => {
    const p = (params ?? {}) as Record<string, unknown>;
    calls.push({ url, params: p });
    if (url === '/sys/role/queryByKeys') {
      const byCode = p.codes !== undefined;
      const keys = String(byCode ? p.codes : p.ids).split(',');
      return envelope(ROLES.filter((x) => keys.includes(byCode ? x.roleCode : x.id)));
    }
    if (url === '/sys/role/queryPickerList') {
      const hits = ROLES.filter((x) => !p.roleName || x.roleName.includes(String(p.roleName)));
      const size = Number(p.pageSize);
      const from = (Number(p.pageNo) - 1) * size;
      return envelope({ records: hits.slice(from, from + size), total: hits.length });
    }
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = { get, post: refuse, put: refuse, delete: refuse, blob: refuse } as unknown as Http;
  return { http, calls: (url: string) => calls.filter((c) => c.url === url) };
}

function renderRolePicker(value: unknown, props?: Record<string, unknown>) {
  const fake = fakeRoleHttp();
  const Widget = builtinRegistry().get('sel_role')!.field;
  const onChange = vi.fn<(value: unknown) => void>();
  function Host() {
    const [held, setHeld] = useState<unknown>(value);
    return (
      <Widget
        {...(props ?? {})}
        field={fieldOf({ type: 'sel_role', label: '角色', props })}
        value={held}
        onChange={(next) => {
          setHeld(next);
          onChange(next);
        }}
      />
    );
  }
  render(
    <WithServices http={fake.http}>
      <Host />
    </WithServices>,
  );
  return { ...fake, onChange, user: userEvent.setup({ delay: null }) };
}

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: '角色' });

async function roleDialog() {
  const dialog = await screen.findByRole('dialog', { name: '选择角色' });
  await within(dialog).findByText('admin');
  return within(dialog);
}

const rowOf = (dialog: Awaited<ReturnType<typeof roleDialog>>, code: string) =>
  dialog.getByText(code).closest('tr')!;

const closed = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: '选择角色' })).toBeNull());

describe('sel_role widget', () => {
  it('multi by id: row clicks toggle; OK holds the ids; 5 a page', async () => {
    const t = renderRolePicker('');
    expect(box().getAttribute('placeholder')).toBe('请选择角色');
    await t.user.click(box());
    const dialog = await roleDialog();
    expect(t.calls('/sys/role/queryPickerList')[0]!.params).toMatchObject({
      pageNo: 1,
      pageSize: 5,
    });
    await t.user.click(rowOf(dialog, 'hr'));
    await t.user.click(rowOf(dialog, 'staff'));
    await t.user.click(rowOf(dialog, 'admin'));
    await t.user.click(rowOf(dialog, 'staff'));
    expect(pickedNames(dialog)).toEqual(['人事专员', '管理员']);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('r2,r1');
    expect(box().value).toBe('人事专员,管理员');
  });

  it('single by roleCode: a new click replaces the pick; codes are held', async () => {
    const t = renderRolePicker('', { multi: false, valueField: 'roleCode' });
    await t.user.click(box());
    const dialog = await roleDialog();
    await t.user.click(rowOf(dialog, 'hr'));
    await t.user.click(rowOf(dialog, 'staff'));
    expect(pickedNames(dialog)).toEqual(['普通员工']);
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('staff');
  });

  it('held codes shown as names; removal; cancel changes nothing; clear empties', async () => {
    const t = renderRolePicker('staff,admin', { valueField: 'roleCode' });
    await waitFor(() => expect(box().value).toBe('普通员工,管理员'));
    expect(t.calls('/sys/role/queryByKeys')[0]!.params).toEqual({ codes: 'staff,admin' });
    await t.user.click(box());
    let dialog = await roleDialog();
    await t.user.click(dialog.getByRole('button', { name: '移除 普通员工' }));
    await t.user.click(dialog.getByRole('button', { name: /取\s*消/ }));
    await closed();
    expect(t.onChange).not.toHaveBeenCalled();
    await t.user.click(box());
    dialog = await roleDialog();
    expect(pickedNames(dialog)).toEqual(['普通员工', '管理员']);
    await t.user.click(dialog.getByRole('button', { name: '移除 普通员工' }));
    await t.user.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await closed();
    expect(t.onChange).toHaveBeenLastCalledWith('admin');
    await t.user.click(screen.getByRole('button', { name: '清除' }));
    expect(t.onChange).toHaveBeenLastCalledWith('');
  });
});

describe('sel_role read-only view', () => {
  it('100 rows: names joined, unknown ids as themselves, one lookup', async () => {
    const { http, calls } = fakeRoleHttp();
    const Display = builtinRegistry().get('sel_role')!.display!;
    const values = Array.from({ length: 100 }, (_, i) => (i % 2 ? 'r1,r2' : 'r3,gone'));
    render(
      <WithServices http={http}>
        {values.map((value, i) => (
          <div key={i} data-testid={`v${i}`}>
            <Display value={value} />
          </div>
        ))}
      </WithServices>,
    );
    await waitFor(() => expect(screen.getByTestId('v1').textContent).toBe('管理员,人事专员'));
    expect(screen.getByTestId('v0').textContent).toBe('普通员工,gone');
    expect(calls('/sys/role/queryByKeys')).toHaveLength(1);
  });
});
