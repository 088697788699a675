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
  type ReportVersion,
  type StoredReport,
} from '../../../src/app/pages/lowcode/report/report-store';
import type { AuthLists } from '../../../src/runtime/permissions';
import { envelope, type Reply } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';
import { REPORT_ROUTE } from './report-route';

/**
 * 报表配置's 历史版本 as a user meets it: the versions of the report being edited, 查看 of an
 * old one (read-only, what the draft changes against it), 恢复 into the draft, and the save
 * that makes it a new version.
 */

configure({ asyncUtilTimeout: 5_000 });

const ROUTE = REPORT_ROUTE;

const V1: ReportVersion = {
  id: 'r1',
  code: 'demo_customer_pick',
  name: '客户',
  sql: 'select id, name from demo_customer',
  items: [
    { field: 'id', title: '编号', show: false },
    { field: 'name', title: '名称' },
  ],
  params: [],
  version: 1,
  note: null,
  createBy: 'admin',
  createTime: '2026-11-20 09:00:00',
};
const V2: ReportVersion = {
  ...V1,
  name: '客户选择',
  items: [V1.items[0]!, { field: 'name', title: '客户名称', order: true }],
  version: 2,
  note: '同事的修改',
  createBy: 'li',
  createTime: '2026-11-21 10:00:00',
};
const V3: ReportVersion = {
  ...V2,
  sql: "select id, name from demo_customer where name like '%' || ${keyword} || '%'",
  params: [{ name: 'keyword', title: '关键字', default: '' }],
  version: 3,
  note: '加关键字',
  createBy: 'admin',
  createTime: '2026-11-22 11:00:00',
};
const VERSIONS = [V3, V2, V1];

function storedOf({ note: _n, createBy: _b, createTime: _t, ...report }: ReportVersion) {
  return report satisfies StoredReport;
}

/** The report store with one report at version 3, answering like the server. */
class FakeReports {
  readonly requests: { url: string; body: unknown; params: unknown }[] = [];
  permissions: AuthLists = { auth: [], allAuth: [] };

  readonly respond = (config: InternalAxiosRequestConfig): Reply => {
    const url = config.url ?? '';
    const body: unknown = config.data ? JSON.parse(String(config.data)) : undefined;
    const params = (config.params ?? {}) as Record<string, unknown>;
    this.requests.push({ url, body, params });
    const ok = (result: unknown, message = ''): Reply => ({
      status: 200,
      data: envelope(result, { message }),
    });
    switch (url) {
      case ReportApiPath.list: {
        const records = [{ ...storedOf(V3), updateTime: '2026-11-22 11:00:00' }];
        return ok({ records, total: 1, size: 10, current: 1, pages: 1 });
      }
      case ReportApiPath.queryById:
        return ok(storedOf(V3));
      case ReportApiPath.versions:
        return ok(
          VERSIONS.map(({ version, note, createBy, createTime }) => ({
            version,
            note,
            createBy,
            createTime,
          })),
        );
      case ReportApiPath.queryVersion:
        return ok(VERSIONS.find((v) => String(v.version) === String(params.version)));
      case ReportApiPath.edit:
        return ok(null, '编辑成功!');
      case '/sys/permission/getUserPermissionByToken':
        return ok({ menu: [], ...this.permissions });
      case '/module/default/member/admin/user-info':
        return ok({ id: 'u1', username: 'admin', realname: '管理员' });
      default:
        return {
          status: 200,
          data: envelope(null, { success: false, code: 500, message: `unexpected ${url}` }),
        };
    }
  };

  sent(url: string) {
    return this.requests.filter((r) => r.url === url);
  }
}

async function openReport(reports: FakeReports) {
  const { services } = createTestServices(reports.respond);
  const store = createAppStore(services);
  store.set(permissionsAtom, { menu: [], ...reports.permissions });
  await act(async () => {
    render(
      <Providers services={services} store={store} path="/lowcode/report">
        <CodeEditorsContext.Provider value={PLAIN_EDITORS}>
          <Screen route={ROUTE} />
        </CodeEditorsContext.Provider>
      </Providers>,
    );
  });
  const user = userEvent.setup();
  await user.click(
    await screen.findByText('demo_customer_pick', { selector: 'a' }, { timeout: 10_000 }),
  );
  const title = await screen.findByText('编辑报表「客户选择」', { selector: '.ant-drawer-title' });
  const editor = title.closest<HTMLElement>('.ant-drawer-content')!;
  await user.click(await within(editor).findByRole('button', { name: /历史版本/ }));
  const historyTitle = await screen.findByText('历史版本：客户选择（demo_customer_pick）', {
    selector: '.ant-drawer-title',
  });
  const history = historyTitle.closest<HTMLElement>('.ant-drawer-content')!;
  await waitFor(() => expect(history.querySelectorAll('tbody tr[data-row-key]')).toHaveLength(3));
  return { user, editor, history };
}

const row = (history: HTMLElement, version: number) =>
  history.querySelector<HTMLElement>(`tbody tr[data-row-key="${version}"]`)!;

const dialog = async (title: string) =>
  (
    await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' })
  )[0]!.closest<HTMLElement>('.ant-modal')!;

const value = (container: HTMLElement, name: string) =>
  (within(container).getByRole('textbox', { name }) as HTMLInputElement).value;

describe('报表配置: 历史版本', { timeout: 30_000 }, () => {
  it('lists the versions newest first with who, when and the note', async () => {
    const reports = new FakeReports();
    const { history } = await openReport(reports);
    const keys = [...history.querySelectorAll('tbody tr[data-row-key]')].map((r) =>
      r.getAttribute('data-row-key'),
    );
    expect(keys).toEqual(['3', '2', '1']);
    expect(within(row(history, 3)).getByText('当前')).toBeTruthy();
    expect(within(row(history, 3)).queryByText('恢复')).toBeNull();
    expect(within(row(history, 2)).getByText('li')).toBeTruthy();
    expect(within(row(history, 2)).getByText('2026-11-21 10:00:00')).toBeTruthy();
    expect(within(row(history, 2)).getByText('同事的修改')).toBeTruthy();
    expect(within(row(history, 1)).getByText('查看')).toBeTruthy();
    expect(within(row(history, 1)).getByText('恢复')).toBeTruthy();
    expect(reports.sent(ReportApiPath.versions)[0]?.params).toMatchObject({ id: 'r1' });
  });

  it('查看 shows an old version read-only and what the draft changes against it', async () => {
    const reports = new FakeReports();
    const { user, history } = await openReport(reports);
    await user.click(within(row(history, 1)).getByText('查看'));
    const view = await dialog('版本 1：客户（demo_customer_pick）');
    expect(within(view).getByLabelText('版本 1 的报表SQL').textContent).toBe(V1.sql);
    // The draft (version 3) renamed the report, changed the SQL, a column and added a parameter.
    for (const path of ['/name', '/sql', '/items/1/title']) {
      expect(within(view).getByText(path)).toBeTruthy();
    }
    await user.click(within(view).getByRole('tab', { name: '报表列（2）' }));
    const title = within(view).getByRole('textbox', { name: 'name 标题' }) as HTMLInputElement;
    expect(title.value).toBe('名称');
    expect(title.disabled).toBe(true);
    expect(reports.sent(ReportApiPath.queryVersion)[0]?.params).toMatchObject({
      id: 'r1',
      version: '1',
    });
  });

  it('恢复 fills the draft; saving sends the current version and makes a new one', async () => {
    const reports = new FakeReports();
    const { user, editor, history } = await openReport(reports);
    await user.click(within(row(history, 1)).getByText('恢复'));
    const confirm = await dialog('恢复版本 1？');
    expect(confirm.textContent).toContain(
      '将以版本 1 的内容替换编辑器中的草稿；保存后生成新版本 4',
    );
    await user.click(within(confirm).getByRole('button', { name: /恢\s*复/ }));

    expect(await screen.findByText('已恢复版本 1 到编辑器，保存后生成新版本 4')).toBeTruthy();
    expect(
      within(editor).getByText('编辑器中是版本 1 的内容，尚未保存；保存后生成新版本 4。'),
    ).toBeTruthy();
    await waitFor(() => expect(value(editor, '报表名称')).toBe('客户'));
    expect(value(editor, '报表SQL')).toBe(V1.sql);
    expect(value(editor, 'name 标题')).toBe('名称');
    expect(within(editor).getByText('参数（0）')).toBeTruthy();
    expect(value(editor, '修改说明')).toBe('恢复自版本 1');
    // Nothing is saved until 保存.
    expect(reports.sent(ReportApiPath.edit)).toHaveLength(0);

    await user.click(within(editor).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(reports.sent(ReportApiPath.edit)).toHaveLength(1));
    expect(reports.sent(ReportApiPath.edit)[0]!.body).toEqual({
      id: 'r1',
      version: 3,
      code: 'demo_customer_pick',
      name: '客户',
      sql: V1.sql,
      items: V1.items,
      params: [],
      note: '恢复自版本 1',
    });
  });

  it('without 编辑报表 there is 查看 but no 恢复', async () => {
    const reports = new FakeReports();
    reports.permissions = {
      auth: [],
      allAuth: [{ action: 'lowcode:report:edit', type: '1', describe: '编辑报表', status: '1' }],
    };
    const { history } = await openReport(reports);
    expect(within(row(history, 1)).getByText('查看')).toBeTruthy();
    expect(within(history).queryByText('恢复')).toBeNull();
  });
});
