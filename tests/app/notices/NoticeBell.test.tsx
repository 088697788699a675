import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../../src/app/App';
import { NoticeBell } from '../../../src/app/header/NoticeBell';
import { NOTICE_READ_PATH, NOTICE_TYPES_PATH } from '../../../src/contracts/notice';
import { envelope, userInfo, type Responder } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';
import {
  FakeNoticeSocket,
  N1,
  N3,
  Where,
  calls,
  noticeServer,
  notice,
  types,
} from './notice-fixtures';

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  FakeNoticeSocket.last = null;
});

function renderBell(responder: Responder, { signedIn = false } = {}) {
  const { services, server } = createTestServices(responder);
  if (signedIn) {
    vi.stubGlobal('WebSocket', FakeNoticeSocket);
    services.session.saveLogin({
      tokenValue: 'token-1',
      sessionTimeout: 3600,
      publicKey: '',
      privateKey: '',
    });
    services.session.setUser(userInfo());
  }
  const store = createAppStore(services);
  render(
    <Providers services={services} store={store}>
      <NoticeBell />
      <Where />
    </Providers>,
  );
  return { server, services, user: userEvent.setup({ delay: null }) };
}

const bell = () => screen.getByRole('button', { name: '消息通知' });
const typeCalls = (requests: Parameters<typeof calls>[0]) => calls(requests, NOTICE_TYPES_PATH);

describe('the notice bell (shell.md §2, §4)', () => {
  it('shows the unread total and a tab per type titled with its description and count', async () => {
    const { user } = renderBell(noticeServer({ types: types() }));
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy());
    await user.click(bell());
    expect(await screen.findByRole('tab', { name: '通知公告(2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '系统消息(1)' })).toBeTruthy();
    expect(screen.getByText('停电通知')).toBeTruthy();
    expect(screen.getAllByText('2026-11-20 09:30:00')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: '系统消息(1)' }));
    expect(await screen.findByText('系统升级')).toBeTruthy();
  });

  it('reads a notice: read call, counts reloaded, popover closed, detail opened', async () => {
    const state = { types: types() };
    const { user, server } = renderBell(noticeServer(state));
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy());
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: '查看详情 停电通知' }));

    // (antd names every overlay `test-id` under test: the dialog is found by role alone.)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('停电通知')).toBeTruthy();
    expect(within(dialog).getByText('停电通知的内容')).toBeTruthy();
    expect(within(dialog).getByText(/2026-11-20 09:30:00/)).toBeTruthy();
    const reads = calls(server.requests, NOTICE_READ_PATH);
    expect(reads.map((r) => r.url)).toEqual([`${NOTICE_READ_PATH}?id=n1`]);
    expect(reads[0]!.method).toBe('post');
    await waitFor(() => expect(within(bell()).getByText('2')).toBeTruthy());
    expect(typeCalls(server.requests).length).toBeGreaterThanOrEqual(2);
    // The popover closed (antd keeps it in the page, hidden).
    await waitFor(() =>
      expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull(),
    );
  });

  it('shows the server message when the types cannot be fetched', async () => {
    renderBell(() => ({
      status: 200,
      data: envelope(null, { success: false, code: 500, message: '消息服务暂不可用' }),
    }));
    expect(await screen.findByText('消息服务暂不可用')).toBeTruthy();
  });

  it('查看更多 goes to 我的消息', async () => {
    const { user } = renderBell(noticeServer({ types: types() }));
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: '查看更多' }));
    expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/settings/notice/mine');
  });
});

describe('live notices (shell.md §4)', () => {
  it('connects while signed in and answers a ping', async () => {
    renderBell(noticeServer({ types: types() }), { signedIn: true });
    await waitFor(() => expect(FakeNoticeSocket.last).not.toBeNull());
    const socket = FakeNoticeSocket.last!;
    expect(socket.url).toBe('ws://app.test/system/websocket/' + userInfo().id);
    expect(socket.protocols).toEqual(['token-1']);
    act(() => socket.push({ cmd: 'ping' }));
    expect(socket.sent).toEqual([{ cmd: 'ping' }]);
  });

  it('closes the socket for good on logout', async () => {
    const { services } = renderBell(noticeServer({ types: types() }), { signedIn: true });
    await waitFor(() => expect(FakeNoticeSocket.last).not.toBeNull());
    const socket = FakeNoticeSocket.last!;
    act(() => services.session.clear());
    await waitFor(() => expect(socket.closed).toBe(true));
    expect(FakeNoticeSocket.last).toBe(socket);
  });

  it('does not connect without a session', async () => {
    vi.stubGlobal('WebSocket', FakeNoticeSocket);
    renderBell(noticeServer({ types: types() }));
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy());
    expect(FakeNoticeSocket.last).toBeNull();
  });

  it('a pushed notice: a notification whose 查看详情 reads it and shows the detail; counts reload', async () => {
    const fresh = notice('n9', '紧急停水', { content: '<p>明日停水</p>' });
    const state = { types: types([N1]) };
    const { user, server } = renderBell(noticeServer(state), { signedIn: true });
    await waitFor(() => expect(within(bell()).getByText('2')).toBeTruthy());
    // The server releases n9, then pushes it.
    state.types = types([fresh, N1], [N3]);
    const before = typeCalls(server.requests).length;
    act(() => FakeNoticeSocket.last!.push({ cmd: 'user', msgId: 'n9', msgTxt: '紧急停水' }));

    const note = (await screen.findByText('紧急停水')).closest('.ant-notification-notice')!;
    expect(note).toBeTruthy();
    // Counts reload 1 s later without any click.
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy(), { timeout: 3000 });
    expect(typeCalls(server.requests).length).toBeGreaterThan(before);

    await user.click(within(note as HTMLElement).getByRole('button', { name: '查看详情' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('紧急停水')).toBeTruthy();
    expect(within(dialog).getByText('明日停水')).toBeTruthy();
    expect(calls(server.requests, NOTICE_READ_PATH).map((r) => r.url)).toEqual([
      `${NOTICE_READ_PATH}?id=n9`,
    ]);
    await waitFor(() => expect(within(bell()).getByText('2')).toBeTruthy());
  });

  it('refresh-notice reloads the counts', async () => {
    const state = { types: types() };
    renderBell(noticeServer(state), { signedIn: true });
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy());
    await waitFor(() => expect(FakeNoticeSocket.last).not.toBeNull());
    state.types = types([N1], []);
    act(() => FakeNoticeSocket.last!.push({ cmd: 'refresh-notice' }));
    await waitFor(() => expect(within(bell()).getByText('1')).toBeTruthy());
  });
});
