/**
 * The user picker (`sel_user`) against a fake server: the three picker calls answered from a
 * small staff list, every call recorded. Widgets, cells and views render through the built-in
 * registry, inside the renderer services a host gives.
 */
import { useState, type ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RendererServices } from '../../registry/services';
import { ServicesContext } from '../../registry/services';
import type { Http } from '../../src/runtime/http';
import type { Dictionaries } from '../../src/runtime/dictionaries';
import { envelope } from '../runtime/fakes';
import { builtinRegistry, fieldOf, Providers } from './support';

export interface Person {
  readonly id: string;
  readonly username: string;
  readonly realname: string;
  readonly departId: string;
  /** As the server answers a caller without 用户管理: masked. */
  readonly phone: string | null;
  readonly birthday: string | null;
  readonly sex: number | null;
}

export const PEOPLE: readonly Person[] = [
  {
    id: 'u1',
    username: 'zhangsan',
    realname: '张三',
    departId: 'd1',
    phone: '138****5678',
    birthday: '1990-05-01',
    sex: 1,
  },
  {
    id: 'u2',
    username: 'lisi',
    realname: '李四',
    departId: 'd1',
    phone: '139****4321',
    birthday: '1992-03-15',
    sex: 2,
  },
  {
    id: 'u3',
    username: 'wangwu',
    realname: '王五',
    departId: 'd2',
    phone: null,
    birthday: null,
    sex: 1,
  },
  {
    id: 'u4',
    username: 'zhaoliu',
    realname: '赵六',
    departId: 'd2',
    phone: '137****0000',
    birthday: '1990-05-01',
    sex: null,
  },
];

export const DEPARTS = [
  {
    key: 'd0',
    value: 'd0',
    title: '总公司',
    children: [
      { key: 'd1', value: 'd1', title: '研发部', children: [] },
      { key: 'd2', value: 'd2', title: '市场部', children: [] },
    ],
  },
];

export interface Call {
  readonly url: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** An http client answering the picker's calls; `calls(url)` lists what was asked. */
export function fakePickerHttp() {
  const calls: Call[] = [];
  const get = vi.fn(async (url: string, params?: object) => {
    const p = (params ?? {}) as Record<string, unknown>;
    calls.push({ url, params: p });
    if (url === '/sys/sysDepart/queryIdTree') return envelope(DEPARTS);
    if (url === '/sys/user/queryByIds') {
      const ids = String(p.userIds).split(',');
      const named = PEOPLE.filter((u) => ids.includes(u.id));
      return envelope(named.map(({ id, username, realname }) => ({ id, username, realname })));
    }
    if (url === '/sys/user/queryUserComponentData') {
      const hits = PEOPLE.filter(
        (u) =>
          (!p.departId || u.departId === p.departId) &&
          (!p.realname || u.realname.includes(String(p.realname))) &&
          (!p.username || u.username.includes(String(p.username))) &&
          (!p.sex || String(u.sex) === String(p.sex)) &&
          (!p.birthday || u.birthday === p.birthday),
      );
      const size = Number(p.pageSize);
      const from = (Number(p.pageNo) - 1) * size;
      const records = hits
        .slice(from, from + size)
        .map((u) => ({ ...u, orgCodeTxt: u.departId === 'd1' ? '研发部' : '市场部' }));
      return envelope({ records, total: hits.length });
    }
    throw new Error(`unexpected call ${url}`);
  });
  const refuse = () => Promise.reject(new Error('not used'));
  const http = { get, post: refuse, put: refuse, delete: refuse, blob: refuse } as unknown as Http;
  return { http, calls: (url: string) => calls.filter((c) => c.url === url) };
}

export function servicesWith(http: Http): RendererServices {
  const dicts: Dictionaries = {
    items: async () => [],
    text: async (_code, value) => String(value ?? ''),
    refresh: async () => undefined,
  };
  return { http, dicts, registry: builtinRegistry(), can: () => true };
}

export function WithServices({
  http,
  children,
}: {
  readonly http: Http;
  readonly children: ReactNode;
}) {
  return (
    <Providers>
      <ServicesContext.Provider value={servicesWith(http)}>{children}</ServicesContext.Provider>
    </Providers>
  );
}

export interface PickerCase {
  readonly value?: unknown;
  readonly props?: Readonly<Record<string, unknown>>;
  readonly readOnly?: boolean;
  /** Render the grid cell (no field, the column title as its name) instead of the widget. */
  readonly cell?: boolean;
}

/** The `sel_user` widget (or grid cell) controlled by a tiny host. */
export function renderPicker(c: PickerCase = {}) {
  const fake = fakePickerHttp();
  const renderer = builtinRegistry().get('sel_user')!;
  const Widget = c.cell ? renderer.cell! : renderer.field;
  const onChange = vi.fn<(value: unknown) => void>();
  const host = c.cell
    ? { 'aria-label': '负责人', size: 'small', autoFocus: true }
    : { field: fieldOf({ type: 'sel_user', label: '负责人', props: c.props }) };
  function Host() {
    const [value, setValue] = useState<unknown>(c.value);
    return (
      <Widget
        {...(c.props ?? {})}
        {...host}
        value={value}
        readOnly={c.readOnly}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  const view = render(
    <WithServices http={fake.http}>
      <Host />
    </WithServices>,
  );
  return { ...view, ...fake, onChange, user: userEvent.setup({ delay: null }) };
}

/** The box showing the chosen names. */
export const pickerBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: '负责人' });

/** The open picker dialog once its first page of users is listed. */
export async function pickerDialog() {
  const dialog = await screen.findByRole('dialog', { name: '选择用户' });
  await within(dialog).findByText('zhangsan');
  return within(dialog);
}

/** The names in the dialog's picked list. */
export function pickedNames(dialog: ReturnType<typeof within>): string[] {
  const list = dialog.getByRole('region', { name: '已选择' });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

/** Waits until the dialog has closed. */
export async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择用户' })).toBeNull());
}
