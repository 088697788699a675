import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { useLocation } from 'react-router-dom';
import { TabsBar } from '../../../src/app/tabs/TabsBar';
import { tabRefreshAtom, tabsAtom } from '../../../src/app/tabs/tabs-atom';
import { EMPTY_TABS, openTab, type TabsState } from '../../../src/app/tabs/tabs';
import { envelope } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';

const HOME = '/dashboard/analysis';

function state(...tabs: [string, string][]): TabsState {
  return tabs.reduce((s, [path, title]) => openTab(s, path, title), EMPTY_TABS);
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderBar(tabs: TabsState, path: string) {
  const { services } = createTestServices(() => ({ status: 200, data: envelope(null) }));
  const store = createStore();
  store.set(tabsAtom, tabs);
  render(
    <Providers services={services} store={store} path={path}>
      <TabsBar />
      <Where />
    </Providers>,
  );
  return { store, user: userEvent.setup({ delay: null }) };
}

/** The close button of the tab titled `title`. */
function closeButton(title: string): HTMLElement {
  const tab = screen.getByText(title).closest('[data-node-key]');
  if (!(tab instanceof HTMLElement)) throw new Error(`no tab titled ${title}`);
  // rc-tabs gives the close button role="tab" and the label "remove".
  return within(tab).getByRole('tab', { name: 'remove' });
}

const paths = (store: ReturnType<typeof createStore>) =>
  store.get(tabsAtom).tabs.map((t) => t.path);
const location = () => screen.getByTestId('location').textContent;

describe('TabsBar', () => {
  it('shows one tab per open page, titled from the route', () => {
    renderBar(state([HOME, '首页'], ['/system/user', '用户管理']), '/system/user');
    expect(screen.getByText('首页')).toBeTruthy();
    expect(screen.getByText('用户管理')).toBeTruthy();
  });

  it('refuses to close the home tab with 首页不能关闭!', async () => {
    const { store, user } = renderBar(
      state([HOME, '首页'], ['/system/user', '用户管理']),
      '/system/user',
    );
    await user.click(closeButton('首页'));
    expect(await screen.findByText('首页不能关闭!')).toBeTruthy();
    expect(paths(store)).toEqual([HOME, '/system/user']);
  });

  it('refuses to close the only tab with 这是最后一页，不能再关闭了啦', async () => {
    const { store, user } = renderBar(state(['/system/user', '用户管理']), '/system/user');
    await user.click(closeButton('用户管理'));
    expect(await screen.findByText('这是最后一页，不能再关闭了啦')).toBeTruthy();
    expect(paths(store)).toEqual(['/system/user']);
  });

  it('closing the active tab moves to its left neighbour', async () => {
    const { store, user } = renderBar(
      state([HOME, '首页'], ['/system/user', '用户管理'], ['/system/role', '角色管理']),
      '/system/role',
    );
    await user.click(closeButton('角色管理'));
    await waitFor(() => expect(location()).toBe('/system/user'));
    expect(paths(store)).toEqual([HOME, '/system/user']);
    expect(screen.queryByText('角色管理')).toBeNull();
  });

  it('offers 刷新, 关闭当前, 关闭左侧, 关闭右侧, 关闭其它 and 关闭全部 on right-click', async () => {
    renderBar(state([HOME, '首页'], ['/system/user', '用户管理']), '/system/user');
    fireEvent.contextMenu(screen.getByText('用户管理'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '关闭当前', '关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
  });

  it('关闭当前 closes the tab it was opened on and moves to its left neighbour', async () => {
    const { store, user } = renderBar(state([HOME, '首页'], ['/a', 'A'], ['/b', 'B']), '/b');
    fireEvent.contextMenu(screen.getByText('B'));
    await user.click(await screen.findByText('关闭当前'));
    await waitFor(() => expect(paths(store)).toEqual([HOME, '/a']));
    await waitFor(() => expect(location()).toBe('/a'));
  });

  it('关闭当前 on the home tab is refused with 首页不能关闭!', async () => {
    const { store, user } = renderBar(state([HOME, '首页'], ['/a', 'A']), '/a');
    fireEvent.contextMenu(screen.getByText('首页'));
    await user.click(await screen.findByText('关闭当前'));
    expect(await screen.findByText('首页不能关闭!')).toBeTruthy();
    expect(paths(store)).toEqual([HOME, '/a']);
  });

  it('关闭当前 on the last tab is refused with 这是最后一页，不能再关闭了啦', async () => {
    const { store, user } = renderBar(state(['/a', 'A']), '/a');
    fireEvent.contextMenu(screen.getByText('A'));
    await user.click(await screen.findByText('关闭当前'));
    expect(await screen.findByText('这是最后一页，不能再关闭了啦')).toBeTruthy();
    expect(paths(store)).toEqual(['/a']);
  });

  it('关闭全部 keeps only the home tab and goes home', async () => {
    const { store, user } = renderBar(
      state([HOME, '首页'], ['/a', 'A'], ['/b', 'B'], ['/c', 'C']),
      '/b',
    );
    fireEvent.contextMenu(screen.getByText('C'));
    await user.click(await screen.findByText('关闭全部'));
    await waitFor(() => expect(paths(store)).toEqual([HOME]));
    await waitFor(() => expect(location()).toBe(HOME));
  });

  it('关闭其它 keeps the home tab and the chosen one', async () => {
    const { store, user } = renderBar(
      state([HOME, '首页'], ['/a', 'A'], ['/b', 'B'], ['/c', 'C']),
      '/a',
    );
    fireEvent.contextMenu(screen.getByText('B'));
    await user.click(await screen.findByText('关闭其它'));
    await waitFor(() => expect(paths(store)).toEqual([HOME, '/b']));
    await waitFor(() => expect(location()).toBe('/b'));
  });

  it('关闭左侧 and 关闭右侧 close the tabs on that side (home stays)', async () => {
    const { store, user } = renderBar(
      state([HOME, '首页'], ['/a', 'A'], ['/b', 'B'], ['/c', 'C']),
      '/b',
    );
    fireEvent.contextMenu(screen.getByText('B'));
    await user.click(await screen.findByText('关闭右侧'));
    await waitFor(() => expect(paths(store)).toEqual([HOME, '/a', '/b']));

    fireEvent.contextMenu(screen.getByText('B'));
    const menus = await screen.findAllByRole('menu');
    await user.click(within(menus[menus.length - 1]!).getByText('关闭左侧'));
    await waitFor(() => expect(paths(store)).toEqual([HOME, '/b']));
    expect(location()).toBe('/b');
  });

  it('刷新 remounts the page of that tab and goes to it', async () => {
    const { store, user } = renderBar(state([HOME, '首页'], ['/a', 'A']), HOME);
    fireEvent.contextMenu(screen.getByText('A'));
    await user.click(await screen.findByText('刷新'));
    await waitFor(() => expect(store.get(tabRefreshAtom)).toEqual({ '/a': 1 }));
    await waitFor(() => expect(location()).toBe('/a'));
  });

  it('clicking a tab goes to its page', async () => {
    const { user } = renderBar(state([HOME, '首页'], ['/a?x=1', 'A']), HOME);
    await user.click(screen.getByText('A'));
    await waitFor(() => expect(location()).toBe('/a?x=1'));
  });
});
