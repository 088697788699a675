import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../src/app/App';
import { REPORT_LIST_COMPONENT, reportIdOf } from '../../src/app/pages/report/report-id';
import type { AppRoute } from '../../src/app/router/menu-routes';
import { Screen } from '../../src/app/router/screens';
import { envelope, type Responder } from '../runtime/fakes';
import { REPORT_CODE, REPORT_ID, reportAnswer } from '../renderers/report-support';
import { Providers, createTestServices } from './test-services';

/** The report menu screen (`/online/cgreport/{id}`): the report view and 导出. */

function route(path: string): AppRoute {
  return {
    id: path,
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component: REPORT_LIST_COMPONENT,
    hidden: false,
    meta: {
      title: '客户报表',
      keepAlive: false,
      componentName: '',
      permissionList: [],
      internalOrExternal: false,
    },
    children: [],
  };
}

const API = '/online/cgreport/api';

/** The fake report, asked by its id (the menu's) as getRpColumns also answers. */
const server =
  (refuse?: { code: number; message: string }): Responder =>
  (config) => {
    const url = (config.url ?? '').replace(
      `getRpColumns/${REPORT_ID}`,
      `getRpColumns/${REPORT_CODE}`,
    );
    if (refuse && url.startsWith(API)) {
      return { status: 200, data: envelope(null, { success: false, ...refuse }) };
    }
    if (url.startsWith(`${API}/exportXls/`)) return { status: 200, data: new Blob(['xlsx-bytes']) };
    if (url.startsWith(API)) {
      const params = (config.params ?? {}) as Record<string, unknown>;
      return { status: 200, data: reportAnswer(url, params) };
    }
    return { status: 200, data: envelope(null) };
  };

function show(responder: Responder = server()) {
  const { services, server: fake } = createTestServices(responder);
  const store = createAppStore(services);
  const path = `/online/cgreport/${REPORT_ID}`;
  render(
    <Providers services={services} store={store} path={path}>
      <Screen route={route(path)} />
    </Providers>,
  );
  return fake;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('report menu screen', { timeout: 20_000 }, () => {
  it('takes the report id from the menu path', () => {
    expect(reportIdOf('/online/cgreport/1860000000000000001')).toBe('1860000000000000001');
    expect(reportIdOf('/online/cgreport/')).toBe('cgreport');
    expect(reportIdOf('/online/cgreport/a b')).toBeNull();
  });

  it('shows the report by its id: name, query form, paged table', async () => {
    const fake = show();
    expect(await screen.findByText('客户01', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '客户选择' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '客户名称' })).toBeTruthy();
    expect(screen.getByText('1-10 共 25 条')).toBeTruthy();
    expect(fake.requests.map((r) => r.url)).toContain(`${API}/getRpColumns/${REPORT_ID}`);
    // A report screen selects nothing.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('导出 downloads the report with the current query, named after the report', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    const fake = show();
    await screen.findByText('客户01', {}, { timeout: 10_000 });
    await user.type(screen.getByRole('textbox', { name: '客户名称' }), '客户1');
    await user.click(screen.getByRole('button', { name: '查 询' }));
    await screen.findByText('1-10 共 10 条');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['客户选择.xlsx']));
    const exported = fake.requests.filter((r) => r.url === `${API}/exportXls/${REPORT_ID}`);
    expect(exported).toHaveLength(1);
    expect(exported[0]!.params).toMatchObject({ name: '客户1' });
    expect(exported[0]!.params).not.toHaveProperty('pageNo');
  });

  it('a report the user may not see shows 403 with the server message', async () => {
    show(server({ code: 510, message: '没有权限，请联系管理员授权' }));
    expect(
      await screen.findByText('没有权限，请联系管理员授权', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
  });

  it('a missing report says so', async () => {
    show(server({ code: 500, message: '报表不存在' }));
    expect(
      await screen.findByText(
        '菜单「客户报表」指向的报表不存在或已被删除。',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('报表不存在')).toBeTruthy();
  });
});
