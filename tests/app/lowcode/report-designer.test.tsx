import { describe, expect, it } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { createAppStore } from '../../../src/app/App';
import { CodeEditorsContext } from '../../../src/app/pages/lowcode/editor/editors-context';
import { PLAIN_EDITORS } from '../../../src/app/pages/lowcode/editor/plain-editors';
import { Screen } from '../../../src/app/router/screens';
import { permissionsAtom } from '../../../src/app/state/atoms';
import {
  ReportApiPath,
  type ReportInput,
  type StoredReport,
} from '../../../src/app/pages/lowcode/report/report-store';
import { envelope, type Reply } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';
import { REPORT_ROUTE } from './report-route';

/**
 * 报表配置 as a user meets it: the real screen through the router's `Screen`, the app's services
 * over a fake http adapter answering like the server (list, 解析SQL, preview, a refused save).
 */

configure({ asyncUtilTimeout: 5_000 });

const ROUTE = REPORT_ROUTE;

const DEMO: StoredReport = {
  id: 'r1',
  code: 'demo_customer_pick',
  name: '客户选择',
  sql: "select id, name, phone from demo_customer where name like '%' || ${keyword} || '%'",
  items: [
    { field: 'id', title: '编号', show: false },
    { field: 'name', title: '客户名称', search: 'single', order: true },
  ],
  params: [{ name: 'keyword', title: '关键字', default: '' }],
  version: 3,
};

const CUSTOMERS = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i + 1}`,
  name: `客户${String(i + 1).padStart(2, '0')}`,
  phone: `1380000${i}`,
}));

/** A small report store answering like the server. */
class FakeReports {
  reports: StoredReport[] = [DEMO];
  /** The reason the next save is refused with, if any. */
  refuseSave: string | null = null;
  readonly requests: { url: string; body: unknown; params: unknown }[] = [];

  readonly respond = (config: InternalAxiosRequestConfig): Reply => {
    const url = config.url ?? '';
    const body: unknown = config.data ? JSON.parse(String(config.data)) : undefined;
    this.requests.push({ url, body, params: config.params });
    const ok = (result: unknown, message = ''): Reply => ({
      status: 200,
      data: envelope(result, { message }),
    });
    const refuse = (message: string): Reply => ({
      status: 200,
      data: envelope(null, { success: false, code: 500, message }),
    });
    switch (url) {
      case ReportApiPath.list: {
        const code = String((config.params as { code?: string }).code ?? '');
        const records = this.reports
          .filter((r) => r.code.includes(code))
          .map(({ id, code: c, name, version }) => ({
            id,
            code: c,
            name,
            version,
            updateTime: '2026-11-26 10:00:00',
          }));
        return ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
      }
      case ReportApiPath.queryById:
        return ok(this.reports.find((r) => r.id === (config.params as { id: string }).id));
      case ReportApiPath.parseSql:
        return ok(['id', 'name', 'phone']);
      case ReportApiPath.preview: {
        const { pageNo, pageSize } = body as { pageNo: number; pageSize: number };
        const records = CUSTOMERS.slice((pageNo - 1) * pageSize, pageNo * pageSize);
        return ok({ records, total: CUSTOMERS.length, size: pageSize, current: pageNo, pages: 2 });
      }
      case ReportApiPath.add: {
        if (this.refuseSave) return refuse(this.refuseSave);
        const input = body as ReportInput;
        this.reports = [...this.reports, { ...input, id: 'r2', version: 1 }];
        return ok('r2', '新增成功！');
      }
      case ReportApiPath.addToMenu:
        return ok({ menuId: 'm9' }, '已加入菜单');
      case '/sys/permission/getUserPermissionByToken':
        return ok({ menu: [], auth: [], allAuth: [] });
      case '/module/default/member/admin/user-info':
        return ok({ id: 'u1', username: 'admin', realname: '管理员' });
      default:
        return refuse(`unexpected request ${config.method} ${url}`);
    }
  };
}

async function showScreen(reports: FakeReports) {
  const { services } = createTestServices(reports.respond);
  const store = createAppStore(services);
  store.set(permissionsAtom, { menu: [], auth: [], allAuth: [] });
  await act(async () => {
    render(
      <Providers services={services} store={store} path="/lowcode/report">
        <CodeEditorsContext.Provider value={PLAIN_EDITORS}>
          <Screen route={ROUTE} />
        </CodeEditorsContext.Provider>
      </Providers>,
    );
  });
}

const drawer = async () =>
  (await screen.findByText('新增报表', { selector: '.ant-drawer-title' })).closest<HTMLElement>(
    '.ant-drawer-content',
  )!;

async function typeNewReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /新增报表/ }));
  const editor = await drawer();
  await user.type(within(editor).getByRole('textbox', { name: '报表编码' }), 'r_customers');
  await user.type(within(editor).getByRole('textbox', { name: '报表名称' }), '客户清单');
  // `{` opens a key descriptor in user-event: typed as `{{`.
  await user.type(
    within(editor).getByRole('textbox', { name: '报表SQL' }),
    "select id, name, phone from demo_customer where name like '%' || ${{kw} || '%'",
  );
  await user.click(within(editor).getByRole('button', { name: /解析SQL/ }));
  return editor;
}

describe('报表配置', { timeout: 30_000 }, () => {
  it('lists the reports with code, name, version and update time', async () => {
    await showScreen(new FakeReports());
    const link = await screen.findByText(
      'demo_customer_pick',
      { selector: 'a' },
      { timeout: 10_000 },
    );
    const row = link.closest('tr')!;
    expect(within(row).getByText('客户选择')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('2026-11-26 10:00:00')).toBeTruthy();
  });

  it('fills the columns from 解析SQL and declares the SQL parameters', async () => {
    const reports = new FakeReports();
    await showScreen(reports);
    const user = userEvent.setup();
    const editor = await typeNewReport(user);
    await waitFor(() =>
      expect(within(editor).getByRole('textbox', { name: 'phone 标题' })).toBeTruthy(),
    );
    expect(
      (within(editor).getByRole('textbox', { name: 'name 标题' }) as HTMLInputElement).value,
    ).toBe('name');
    const sent = reports.requests.find((r) => r.url === ReportApiPath.parseSql)!;
    expect(sent.body).toMatchObject({ params: [{ name: 'kw', title: 'kw' }] });
    expect(within(editor).getByText('参数（1）')).toBeTruthy();
  });

  it('keeps the draft open and whole when the server refuses the save', async () => {
    const reports = new FakeReports();
    reports.refuseSave = '报表SQL只能是一条语句，不能包含分号';
    await showScreen(reports);
    const user = userEvent.setup();
    const editor = await typeNewReport(user);
    const title = await within(editor).findByRole('textbox', { name: 'name 标题' });
    await user.clear(title);
    await user.type(title, '客户名称');
    await user.click(within(editor).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('报表SQL只能是一条语句，不能包含分号')).toBeTruthy();
    // Still open, nothing lost.
    expect(screen.getByText('新增报表', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(
      (within(editor).getByRole('textbox', { name: '报表编码' }) as HTMLInputElement).value,
    ).toBe('r_customers');
    expect(
      (within(editor).getByRole('textbox', { name: 'name 标题' }) as HTMLInputElement).value,
    ).toBe('客户名称');
    const sent = reports.requests.find((r) => r.url === ReportApiPath.add)!;
    expect(sent.body).toMatchObject({
      code: 'r_customers',
      name: '客户清单',
      items: [
        { field: 'id', title: 'id' },
        { field: 'name', title: '客户名称' },
        { field: 'phone', title: 'phone' },
      ],
      params: [{ name: 'kw', title: 'kw' }],
    });

    // Accepted the second time: the drawer closes and the list shows the new report.
    reports.refuseSave = null;
    await user.click(within(editor).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('r_customers', { selector: 'a' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('新增报表', { selector: '.ant-drawer-title' })).toBeNull(),
    );
  });

  it('previews the unsaved draft: rows under the column titles, paged by the server', async () => {
    const reports = new FakeReports();
    await showScreen(reports);
    const user = userEvent.setup();
    const editor = await typeNewReport(user);
    const title = await within(editor).findByRole('textbox', { name: 'name 标题' });
    await user.clear(title);
    await user.type(title, '客户名称');
    await user.click(within(editor).getByRole('tab', { name: '预览' }));
    await user.type(within(editor).getByRole('textbox', { name: '预览参数 kw' }), '客户');
    await user.click(within(editor).getByRole('button', { name: /运行预览/ }));
    const preview = within(editor).getByTestId('report-preview');
    expect(await within(preview).findByText('客户01')).toBeTruthy();
    expect(within(preview).getAllByText('客户名称', { selector: 'th' }).length).toBeGreaterThan(0);
    expect(within(preview).getByText('共 12 条')).toBeTruthy();
    const sent = reports.requests.find((r) => r.url === ReportApiPath.preview)!;
    expect(sent.body).toMatchObject({
      definition: { sql: expect.stringContaining('${kw}') as unknown },
      query: { self_kw: '客户' },
      pageNo: 1,
      pageSize: 10,
    });
    await user.click(within(preview).getByTitle('2'));
    expect(await within(preview).findByText('客户11')).toBeTruthy();
    // Nothing was saved.
    expect(reports.requests.some((r) => r.url === ReportApiPath.add)).toBe(false);
  });

  it('adds a report to the menu with its name and the report icon by default', async () => {
    const reports = new FakeReports();
    await showScreen(reports);
    const user = userEvent.setup();
    const link = await screen.findByText(
      'demo_customer_pick',
      { selector: 'a' },
      { timeout: 10_000 },
    );
    await user.click(within(link.closest('tr')!).getByRole('button', { name: /加入菜单/ }));
    const title = await screen.findByText('加入菜单', { selector: '.ant-modal-title' });
    const dialog = title.closest<HTMLElement>('.ant-modal')!;
    expect(
      (within(dialog).getByRole('textbox', { name: '菜单名称' }) as HTMLInputElement).value,
    ).toBe('客户选择');
    expect(dialog.textContent).toContain(
      '菜单地址为 /online/cgreport/r1，权限编码为 report:demo_customer_pick:list',
    );
    await user.click(within(dialog).getByRole('button', { name: /加入菜单/ }));
    await waitFor(() => expect(screen.queryByText('菜单名称')).toBeNull());
    const urls = reports.requests.map((r) => r.url);
    expect(reports.requests.find((r) => r.url === ReportApiPath.addToMenu)?.body).toEqual({
      id: 'r1',
      name: '客户选择',
      icon: 'bar-chart',
    });
    // The permission payload is loaded again so the new entry shows at once.
    expect(urls.lastIndexOf('/sys/permission/getUserPermissionByToken')).toBeGreaterThan(
      urls.indexOf(ReportApiPath.addToMenu),
    );
  });
});
