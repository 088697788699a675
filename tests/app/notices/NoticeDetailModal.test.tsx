import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../../src/app/App';
import { NoticeDetailModal, noticeLink } from '../../../src/app/notices/NoticeDetailModal';
import type { Notice } from '../../../src/contracts/notice';
import { envelope } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';
import { Where, notice } from './notice-fixtures';

afterEach(() => window.localStorage.clear());

function renderModal(shown: Notice) {
  const { services } = createTestServices(() => ({ status: 200, data: envelope(null) }));
  const onClose = vi.fn();
  render(
    <Providers services={services} store={createAppStore(services)}>
      <NoticeDetailModal notice={shown} onClose={onClose} />
      <Where />
    </Providers>,
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

const path = () => screen.getByRole('status', { name: 'path' }).textContent;

describe('the notice detail (shell.md §2)', () => {
  it('shows title, publish time and the content; 关闭 closes', async () => {
    const { onClose, user } = renderModal(notice('n1', '停电通知'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('停电通知')).toBeTruthy();
    expect(within(dialog).getByText('发布时间：2026-11-20 09:30:00')).toBeTruthy();
    expect(within(dialog).getByText('停电通知的内容')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '查看详情' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('offers 查看详情 for a url notice with a same-origin openPage, and goes there', async () => {
    const { onClose, user } = renderModal(
      notice('n1', '停电通知', { openType: 'url', openPage: '/isystem/user' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '查看详情' }));
    expect(path()).toBe('/isystem/user');
    expect(onClose).toHaveBeenCalled();
  });

  // The content's sanitising (DOMPurify) is checked in real Chromium (tests/e2e/notices.e2e.ts):
  // DOMPurify does not work under happy-dom.
  it('offers no 查看详情 for another site, a script url, or a notice that is not a url', () => {
    const link = (openType: string | null, openPage: string | null) =>
      noticeLink(notice('n1', 't', { openType, openPage }));
    expect(link('url', 'https://evil.example/x')).toBeNull();
    expect(link('url', '//evil.example/x')).toBeNull();
    expect(link('url', 'javascript:alert(1)')).toBeNull();
    expect(link('url', '/a/../../etc')).toBeNull();
    expect(link('component', '/isystem/user')).toBeNull();
    expect(link('url', null)).toBeNull();
    expect(link('url', '/isystem/user')).toBe('/isystem/user');
  });
});
