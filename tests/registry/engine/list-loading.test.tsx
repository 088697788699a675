import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerPage } from './definitions';
import { ok, page, renderPage } from './harness';
import type { Reply } from '../../runtime/fakes';

const LIST = '/online/cgform/api/customer/list';

/** A list whose answers wait until the test releases them, one at a time. */
function heldList() {
  const pending: ((answer: Reply) => void)[] = [];
  const h = renderPage(customerPage, {
    route: (config) =>
      config.url === LIST ? new Promise<Reply>((resolve) => pending.push(resolve)) : undefined,
  });
  const answer = async (names: readonly string[]) => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()!(
      ok(
        page(
          names.map((name, i) => ({ id: String(i + 1), name })),
          names.length,
        ),
      ),
    );
  };
  return { h, answer };
}

const spinning = () => document.querySelector('.ant-table-wrapper .ant-spin-spinning') !== null;

describe('list page: loading', { timeout: 20_000 }, () => {
  it('shows the frame with a spinner, not 暂无数据, until the first answer', async () => {
    const { answer } = heldList();
    // The frame is there at once: query form, toolbar, table header.
    expect(await screen.findByRole('button', { name: /^(search )?查\s*询$/ })).toBeTruthy();
    expect(screen.getAllByText('客户名称').length).toBeGreaterThan(0);
    expect(spinning()).toBe(true);
    expect(screen.queryByText('暂无数据')).toBeNull();

    await answer([]);
    // An empty answer is "no data".
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    await waitFor(() => expect(spinning()).toBe(false));
  });

  it('keeps the rows under the spinner while a reload runs', async () => {
    const user = userEvent.setup();
    const { h, answer } = heldList();
    await answer(['甲公司', '乙公司']);
    expect(await screen.findByText('甲公司')).toBeTruthy();
    await waitFor(() => expect(spinning()).toBe(false));

    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
    // Unanswered: the previous rows stay, under the spinner; no 暂无数据 in between.
    expect(spinning()).toBe(true);
    expect(screen.getByText('甲公司')).toBeTruthy();
    expect(screen.getByText('乙公司')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();

    await answer(['丙公司']);
    expect(await screen.findByText('丙公司')).toBeTruthy();
    expect(screen.queryByText('甲公司')).toBeNull();
    await waitFor(() => expect(spinning()).toBe(false));
  });
});
