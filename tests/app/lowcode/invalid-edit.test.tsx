import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageApiPath } from '../../../src/contracts/page-api';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  findDialog,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

const OPEN = `${EDITOR_PATH}?code=demo_customer`;

/** 1-based line of an offset. */
function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

async function openAndEdit(change: (text: string) => string) {
  const pages = new FakePageStore(customerPage());
  const app = await showEditorScreen(pages, OPEN);
  const editor = await findEditor();
  const text = change(editor.value);
  fireEvent.change(editor, { target: { value: text } });
  return { pages, app, editor, text };
}

async function pressSave(title: string) {
  await userEvent.setup().click(screen.getByRole('button', { name: /保\s*存/ }));
  return findDialog(title);
}

/** Nothing reached the page store's save or dry run. */
function expectNothingSent(app: Awaited<ReturnType<typeof showEditorScreen>>) {
  expect(app.sent(PageApiPath.validate)).toEqual([]);
  expect(app.sent(PageApiPath.edit)).toEqual([]);
}

describe('页面配置: an invalid edit cannot be saved', { timeout: 30_000 }, () => {
  it('bad JSON: says which line and column, sends nothing, keeps the text', async () => {
    // The comma after the title goes missing: the error is where "kind" starts.
    const { app, editor, text } = await openAndEdit((t) =>
      t.replace('"title": "客户管理",', '"title": "客户管理"'),
    );
    const at = text.indexOf('"kind"');
    const line = lineOf(text, at);

    const dialog = await pressSave('无法保存：JSON 格式有误');
    const problems = within(dialog).getByTestId('save-problems');
    expect(problems.textContent).toContain(
      `第 ${line} 行第 ${at - text.lastIndexOf('\n', at - 1)} 列`,
    );
    expect(problems.textContent).toContain('JSON 语法错误');
    expectNothingSent(app);
    expect(editor.value).toBe(text);

    // The status line under the editor and the preview say it too.
    await waitFor(() =>
      expect(screen.getByTestId('editor-status').textContent).toContain('JSON 格式有误'),
    );
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('JSON 格式有误，无法预览')).toBeTruthy();
  });

  it('an unknown field type: names the path and the type; the line link selects it', async () => {
    const { app, editor, text } = await openAndEdit((t) => {
      const definition = JSON.parse(t) as { fields: { type: string }[] };
      definition.fields[1]!.type = 'rainbow';
      return JSON.stringify(definition, null, 2);
    });

    const dialog = await pressSave('无法保存：页面定义有 1 处问题');
    const item = within(within(dialog).getByTestId('save-problems')).getByRole('listitem');
    expect(within(item).getByText('/fields/1/type')).toBeTruthy();
    expect(item.textContent).toContain('rainbow');
    expectNothingSent(app);

    // The member is selected, from its key to its value.
    const member = '"type": "rainbow"';
    const at = text.indexOf(member);
    await userEvent.setup().click(within(item).getByText(`（第 ${lineOf(text, at)} 行）`));
    await waitFor(() => expect(editor.selectionStart).toBe(at));
    expect(editor.selectionEnd).toBe(at + member.length);
    // The dialog closed.
    await waitFor(() => expect(screen.queryByText('无法保存：页面定义有 1 处问题')).toBeNull());
  });

  it('a missing required property: names it', async () => {
    const { app } = await openAndEdit((t) => {
      const { title: _title, ...rest } = JSON.parse(t) as Record<string, unknown>;
      return JSON.stringify(rest, null, 2);
    });
    const dialog = await pressSave('无法保存：页面定义有 1 处问题');
    const problems = within(dialog).getByTestId('save-problems');
    expect(within(problems).getByText('/title')).toBeTruthy();
    expect(problems.textContent).toContain('缺少必需的属性 title');
    expectNothingSent(app);
    // The preview shows the same problem instead of the page.
    await waitFor(() =>
      expect(within(screen.getByTestId('preview-problems')).getByText('/title')).toBeTruthy(),
    );
  });

  it('a changed page code is refused', async () => {
    const { app } = await openAndEdit((t) => t.replace('"demo_customer"', '"demo_customer2"'));
    const dialog = await pressSave('无法保存：页面编码不能修改');
    expect(within(dialog).getByText('/code')).toBeTruthy();
    expectNothingSent(app);
  });

  it('problems the server finds in its dry run are listed; nothing is saved', async () => {
    const pages = new FakePageStore(customerPage());
    pages.serverProblems = [{ path: '/table/columns/1/name', message: '列 phone 已被其他表使用' }];
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    fireEvent.change(editor, { target: { value: editor.value.replace('手机号', '联系电话') } });

    const dialog = await pressSave('无法保存：服务器发现 1 处问题');
    expect(within(dialog).getByText('/table/columns/1/name')).toBeTruthy();
    expect(within(dialog).getByText(/列 phone 已被其他表使用/)).toBeTruthy();
    expect(app.sent(PageApiPath.validate)).toHaveLength(1);
    expect(app.sent(PageApiPath.edit)).toEqual([]);
    expect(pages.latest('demo_customer').version).toBe(1);
  });
});
