import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../../src/app/App';
import type { AppRoute } from '../../../src/app/router/menu-routes';
import { Screen } from '../../../src/app/router/screens';
import { permissionsAtom } from '../../../src/app/state/atoms';
import {
  MY_NOTICES_PATH,
  MY_NOTICES_ROUTE,
  NOTICE_READ_PATH,
  READ_ALL_PATH,
  type MyNotice,
} from '../../../src/contracts/notice';
import { envelope, type Responder } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';
import { calls, notice } from './notice-fixtures';
import definition from '../../../schemas/sys_notice_mine.json';

const mine: MyNotice[] = [
  {
    ...notice('n1', '停电通知', { content: '<p>周五停电</p>' }),
    msgCategory: '1',
    readFlag: '0',
    sender: '管理员',
    priority: 'H',
  },
  {
    ...notice('n2', '系统升级', { createTime: '2026-11-18 08:00:00' }),
    msgCategory: '2',
    readFlag: '1',
    sender: '管理员',
    priority: 'L',
  },
];

const server: Responder = (config) => {
  const url = config.url ?? '';
  if (url === '/online/page/sys_notice_mine')
    return { status: 200, data: envelope({ version: 1, definition }) };
  if (url === MY_NOTICES_PATH)
    return { status: 200, data: envelope({ records: mine, total: mine.length }) };
  if (url.endsWith('/msg_category'))
    return {
      status: 200,
      data: envelope([
        { value: '1', text: '通知公告' },
        { value: '2', text: '系统消息' },
      ]),
    };
  return { status: 200, data: envelope(null) };
};

const route: AppRoute = {
  id: 'notice-mine',
  path: MY_NOTICES_ROUTE,
  name: 'settings-notice-mine',
  component: 'settings/NoticeMine',
  hidden: true,
  meta: {
    title: '我的消息',
    keepAlive: false,
    componentName: '',
    permissionList: [],
    internalOrExternal: false,
  },
  children: [],
};

afterEach(() => window.localStorage.clear());

function show() {
  const { services, server: fake } = createTestServices(server);
  const store = createAppStore(services);
  store.set(permissionsAtom, { menu: [], auth: [], allAuth: [] });
  render(
    <Providers services={services} store={store} path={MY_NOTICES_ROUTE}>
      <Screen route={route} />
    </Providers>,
  );
  return { fake, user: userEvent.setup({ delay: null }) };
}

const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

describe('我的消息 (a built-in page)', { timeout: 20_000 }, () => {
  it('lists the notices with type, sender, publish time and read state', async () => {
    const { fake } = show();
    expect(await screen.findByText('停电通知', {}, { timeout: 10_000 })).toBeTruthy();
    const first = within(rowOf('停电通知'));
    expect(await first.findByText('通知公告')).toBeTruthy();
    expect(first.getByText('管理员')).toBeTruthy();
    expect(first.getByText('2026-11-20 09:30:00')).toBeTruthy();
    expect(first.getByText('未读')).toBeTruthy();
    expect(within(rowOf('系统升级')).getByText('已读')).toBeTruthy();
    const list = calls(fake.requests, MY_NOTICES_PATH)[0]!;
    expect(list.params).toMatchObject({ pageNo: '1', pageSize: '10' });
  });

  it('查看 opens the detail and marks an unread notice read', async () => {
    const { fake, user } = show();
    await screen.findByText('停电通知', {}, { timeout: 10_000 });
    const before = calls(fake.requests, MY_NOTICES_PATH).length;
    await user.click(within(rowOf('停电通知')).getByText('查看'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByText('周五停电')).toBeTruthy();
    await waitFor(() =>
      expect(calls(fake.requests, NOTICE_READ_PATH).map((r) => r.url)).toEqual([
        `${NOTICE_READ_PATH}?id=n1`,
      ]),
    );
    // The list reloads (the row now says 已读).
    await waitFor(() =>
      expect(calls(fake.requests, MY_NOTICES_PATH).length).toBeGreaterThan(before),
    );
    // No drawer around the modal: the panel brings its own container.
    expect(document.querySelector('.sa-open-drawer')).toBeNull();
  });

  it('查看 on a read notice only shows it', async () => {
    const { fake, user } = show();
    await screen.findByText('系统升级', {}, { timeout: 10_000 });
    await user.click(within(rowOf('系统升级')).getByText('查看'));
    await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(calls(fake.requests, NOTICE_READ_PATH)).toHaveLength(0);
  });

  it('全部已读 marks everything read', async () => {
    const { fake, user } = show();
    await screen.findByText('停电通知', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(calls(fake.requests, READ_ALL_PATH)).toHaveLength(1));
    expect(calls(fake.requests, READ_ALL_PATH)[0]!.method).toBe('put');
  });
});
