/**
 * 页面配置 as a user meets it in a component test: the real screen (`lowcode/PageEditor` through
 * the router's `Screen`), the app's services over the fake http adapter of
 * `../test-services`, the plain text editors instead of monaco (the screen's own seam,
 * `CodeEditorsContext`), and a small in-memory page store behind the page-store API paths that
 * answers like the server does (versions, stale base versions, columns that need confirmation).
 */
import { expect } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { createAppStore } from '../../../src/app/App';
import { CodeEditorsContext } from '../../../src/app/pages/lowcode/editor/editors-context';
import { PLAIN_EDITORS } from '../../../src/app/pages/lowcode/editor/plain-editors';
import type { AppRoute } from '../../../src/app/router/menu-routes';
import { Screen } from '../../../src/app/router/screens';
import { permissionsAtom } from '../../../src/app/state/atoms';
import type { MenuItem, PermissionPayload } from '../../../src/contracts/permission';
import type { PageSummary, PageVersion } from '../../../src/contracts/page';
import {
  PageApiPath,
  type DictSources,
  type DraftFromTableResult,
  type StoredPageResult,
} from '../../../src/contracts/page-api';
import { envelope, type Reply, type Responder } from '../../runtime/fakes';
import { meta } from '../router/menu-fixture';
import { Providers, createTestServices } from '../test-services';

// The editor re-checks and re-renders the preview on each change; on a busy machine that takes
// longer than the library's default second (these test files only: each file is isolated).
configure({ asyncUtilTimeout: 5_000 });

export const EDITOR_PATH = '/lowcode/page';

/** A page with its own table, valid for the engine and the registry. */
export function customerPage(): Record<string, unknown> {
  return {
    schemaVersion: 2,
    code: 'demo_customer',
    title: '客户管理',
    kind: 'list',
    table: {
      name: 'demo_customer',
      columns: [
        { name: 'name', type: 'string', length: 100 },
        { name: 'phone', type: 'string', length: 20 },
      ],
    },
    fields: [
      { name: 'name', label: '客户名称', type: 'input', query: true },
      { name: 'phone', label: '手机号', type: 'input' },
    ],
  };
}

/** A page without a table (its urls point at the server's own endpoints). */
export function noticePage(): Record<string, unknown> {
  return {
    schemaVersion: 2,
    code: 'notice_form',
    title: '通知公告',
    kind: 'form',
    api: { add: '/demo/notice/add' },
    fields: [{ name: 'title', label: '标题', type: 'input' }],
  };
}

interface StoredVersion {
  readonly version: number;
  readonly definition: Record<string, unknown>;
  readonly note: string | null;
  readonly createBy: string;
  readonly createTime: string;
}

function columnsOf(definition: unknown): string[] {
  const table = (definition as { table?: { columns?: { name: string }[] } }).table;
  return (table?.columns ?? []).map((c) => c.name);
}

function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `/${k}`);
}

/** What the page-store calls send (each call a subset). */
interface RequestBody {
  readonly code?: string;
  readonly definition: Record<string, unknown>;
  readonly baseVersion: number;
  readonly version?: number;
  readonly note?: string;
  readonly confirmDropColumns?: string[];
  readonly parentId?: string;
  readonly name?: string;
}

const refusal = (message: string, result: unknown): Reply => ({
  status: 200,
  data: envelope(result, { success: false, code: 500, message }),
});

const TOP_MENU: MenuItem = {
  id: 'm-lowcode',
  path: '/lowcode',
  name: 'lowcode',
  component: 'layouts/RouteView',
  route: '1',
  meta: meta('低代码'),
  children: [
    {
      id: 'm-lowcode-page',
      path: EDITOR_PATH,
      name: 'lowcode-page',
      component: 'lowcode/PageEditor',
      route: '1',
      meta: meta('页面配置'),
    },
  ],
};

/**
 * The page store as the server keeps it: each page with all its versions. Saving checks the
 * base version and the drops the author confirmed, exactly as the server refuses them.
 */
export class FakePageStore {
  readonly pages = new Map<string, StoredVersion[]>();
  menu: MenuItem[] = [TOP_MENU];
  /** Problems the server's dry run reports (besides the client's own checks). */
  serverProblems: { path: string; message: string }[] = [];
  /** What the designer's 字典 picker is offered. */
  dictSources: DictSources = {
    dicts: [
      { code: 'sex', name: '性别' },
      { code: 'priority', name: '优先级' },
    ],
    tables: [{ table: 'sys_user', title: '用户', columns: ['id', 'username', 'realname'] }],
  };
  /** Drafts 从表生成 answers, by table (any other table is refused like the server does). */
  tableDrafts = new Map<string, DraftFromTableResult>();

  constructor(...definitions: Record<string, unknown>[]) {
    for (const definition of definitions) {
      this.pages.set(String(definition.code), [
        {
          version: 1,
          definition,
          note: null,
          createBy: 'admin',
          createTime: '2024-05-01 09:00:00',
        },
      ]);
    }
  }

  /** Someone else saves a new version (the editor's base becomes stale). */
  saveAsSomeoneElse(code: string, change: (d: Record<string, unknown>) => Record<string, unknown>) {
    const versions = this.pages.get(code)!;
    const latest = versions[versions.length - 1]!;
    versions.push({
      version: latest.version + 1,
      definition: change(structuredClone(latest.definition)),
      note: '同事的修改',
      createBy: 'jeecg',
      createTime: `2024-05-0${versions.length + 1} 10:00:00`,
    });
  }

  latest(code: string): StoredVersion {
    const versions = this.pages.get(code)!;
    return versions[versions.length - 1]!;
  }

  private stored(code: string, entry: StoredVersion = this.latest(code)): StoredPageResult {
    return {
      code,
      version: entry.version,
      definition: entry.definition as unknown as StoredPageResult['definition'],
      updateBy: entry.createBy,
      updateTime: entry.createTime,
    };
  }

  private dropsOf(code: string, definition: unknown): string[] {
    const next = new Set(columnsOf(definition));
    return columnsOf(this.latest(code).definition).filter((c) => !next.has(c));
  }

  private save(
    code: string,
    body: Pick<RequestBody, 'definition' | 'baseVersion' | 'note' | 'confirmDropColumns'>,
    defaultNote: string | null,
  ): Reply {
    const latest = this.latest(code);
    if (body.baseVersion !== latest.version) {
      return refusal(`页面已被他人修改（当前版本 ${latest.version}），请刷新后再保存`, {
        version: latest.version,
      });
    }
    const drops = this.dropsOf(code, body.definition);
    const confirmed = new Set(body.confirmDropColumns ?? []);
    if (drops.some((d) => !confirmed.has(d))) {
      return refusal(`以下列将被删除：${drops.join('、')}。确认删除后再保存`, {
        dropColumns: drops,
      });
    }
    const entry: StoredVersion = {
      version: latest.version + 1,
      definition: body.definition,
      note: body.note ?? defaultNote,
      createBy: 'admin',
      createTime: '2024-06-01 12:00:00',
    };
    this.pages.get(code)!.push(entry);
    return { status: 200, data: envelope(this.stored(code, entry)) };
  }

  private summary(code: string): PageSummary {
    const { version, definition, createBy, createTime } = this.latest(code);
    const table = (definition as { table?: { name: string } }).table;
    return {
      id: `id-${code}`,
      code,
      title: String(definition.title),
      kind: definition.kind as PageSummary['kind'],
      version,
      tableName: table?.name ?? null,
      updateBy: createBy,
      updateTime: createTime,
    };
  }

  private versions(code: string): PageVersion[] {
    const versions = this.pages.get(code)!;
    return versions
      .map((entry, i) => ({
        version: entry.version,
        createBy: entry.createBy,
        createTime: entry.createTime,
        changes: i === 0 ? [] : changedKeys(versions[i - 1]!.definition, entry.definition),
        note: entry.note,
      }))
      .reverse();
  }

  permissions(): PermissionPayload {
    return { menu: this.menu, auth: [], allAuth: [] };
  }

  readonly respond: Responder = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, string | number>;
    const body = (config.data ? JSON.parse(String(config.data)) : {}) as RequestBody;
    const code = String(params.code ?? body.code ?? '');
    const ok = (result: unknown): Reply => ({ status: 200, data: envelope(result) });
    switch (url) {
      case PageApiPath.list: {
        const records = [...this.pages.keys()]
          .filter((c) => !params.code || c.includes(String(params.code)))
          .map((c) => this.summary(c));
        return ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
      }
      case PageApiPath.queryByCode:
        return this.pages.has(code) ? ok(this.stored(code)) : refusal(`页面 ${code} 不存在`, null);
      case PageApiPath.validate: {
        const definition = body.definition;
        const table = (definition.table as { name?: string } | undefined)?.name ?? '';
        const drops = code && this.pages.has(code) ? this.dropsOf(code, definition) : [];
        return ok({
          problems: this.serverProblems,
          ddl: drops.map((c) => `ALTER TABLE ${table} DROP COLUMN ${c}`),
          dropColumns: drops,
        });
      }
      case PageApiPath.edit:
        return this.save(String(body.definition.code), body, null);
      case PageApiPath.versions:
        return ok(this.versions(code));
      case PageApiPath.version: {
        const entry = this.pages.get(code)?.find((v) => v.version === Number(params.version));
        return entry ? ok(this.stored(code, entry)) : refusal('版本不存在', null);
      }
      case PageApiPath.rollback: {
        const target = this.pages.get(code)!.find((v) => v.version === Number(body.version))!;
        return this.save(
          code,
          {
            definition: structuredClone(target.definition),
            baseVersion: body.baseVersion,
            ...(body.confirmDropColumns ? { confirmDropColumns: body.confirmDropColumns } : {}),
          },
          `回滚到版本 ${body.version}`,
        );
      }
      case PageApiPath.dictSources:
        return ok(this.dictSources);
      case PageApiPath.draftTables:
        return ok([...this.tableDrafts.keys()].sort());
      case PageApiPath.draftFromTable: {
        const table = String((body as { table?: unknown }).table ?? '');
        const draft = this.tableDrafts.get(table);
        return draft
          ? ok(draft)
          : refusal(`表 ${table} 不是页面的表，也不在 DESIGNER_TABLES 中，不能用于生成页面`, null);
      }
      case PageApiPath.addToMenu: {
        const id = `m-${code}`;
        const entry: MenuItem = {
          id,
          path: `/online/page/${code}`,
          name: `online-page-${code}`,
          component: `page/${code}`,
          route: '1',
          meta: meta(String(body.name)),
        };
        this.menu = this.menu.map((item) =>
          item.id === body.parentId
            ? { ...item, children: [...(item.children ?? []), entry] }
            : item,
        );
        if (!body.parentId) this.menu = [...this.menu, entry];
        return ok({ menuId: id });
      }
      case '/sys/permission/getUserPermissionByToken':
        return ok(this.permissions());
      case '/module/default/member/admin/user-info':
        return ok({ id: 'u1', username: 'admin', realname: '管理员' });
      default:
        // The preview reads the page's rows: an empty list.
        if (url.startsWith(PageApiPath.onlineData) && url.endsWith('/list')) {
          return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 });
        }
        return refusal(`unexpected request ${config.method} ${url}`, null);
    }
  };
}

const EDITOR_ROUTE: AppRoute = {
  id: 'm-lowcode-page',
  path: EDITOR_PATH,
  name: 'lowcode-page',
  component: 'lowcode/PageEditor',
  hidden: false,
  meta: {
    title: '页面配置',
    keepAlive: false,
    componentName: '',
    permissionList: [],
    internalOrExternal: false,
  },
  children: [],
};

/**
 * Renders 页面配置 at `path` (the list, or `?code=` for an editor) over the fake page store.
 * Inside an awaited `act`: once its chunks are loaded the editor suspends on the renderer
 * registry (`use`) during the first render, and React resumes it only from an awaited scope.
 */
export async function showEditorScreen(pages: FakePageStore, path = EDITOR_PATH) {
  const { services, server } = createTestServices(pages.respond);
  const store = createAppStore(services);
  store.set(permissionsAtom, pages.permissions());
  await act(async () => {
    render(
      <Providers services={services} store={store} path={path}>
        <CodeEditorsContext.Provider value={PLAIN_EDITORS}>
          <Screen route={EDITOR_ROUTE} />
        </CodeEditorsContext.Provider>
      </Providers>,
    );
  });
  return {
    store,
    requests: server.requests,
    /** The requests sent to one path, with their JSON bodies. */
    sent(path: string) {
      return server.requests
        .filter((r) => r.url === path)
        .map((r) => ({
          method: r.method,
          params: r.params as Record<string, unknown> | undefined,
          body: r.data ? (JSON.parse(String(r.data)) as Record<string, unknown>) : undefined,
        }));
    },
  };
}

/** The editor's text area, once the page (and the renderer registry) has loaded. */
export async function findEditor(): Promise<HTMLTextAreaElement> {
  return (await screen.findByRole(
    'textbox',
    { name: '页面定义（JSON）' },
    { timeout: 15_000 },
  )) as HTMLTextAreaElement;
}

/** The definition the editor text holds now. */
export function editorValue(editor: HTMLTextAreaElement): Record<string, unknown> {
  return JSON.parse(editor.value) as Record<string, unknown>;
}

/** The version tag of the toolbar (`版本 n`). */
export async function expectVersion(version: number): Promise<void> {
  await waitFor(() =>
    expect(screen.getByTestId('page-version').textContent).toBe(`版本 ${version}`),
  );
}

/**
 * A dialog or drawer by its title. (Found by its title text, not by role: role queries compute
 * the accessible names of the whole editor and preview on every retry, too slow here.)
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = (
    await screen.findAllByText(title, {
      selector: '.ant-modal-title, .ant-modal-confirm-title, .ant-drawer-title',
    })
  ).at(-1)!;
  return heading.closest<HTMLElement>('[role="dialog"], .ant-drawer-content')!;
}
