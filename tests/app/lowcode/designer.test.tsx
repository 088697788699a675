import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { textOf } from '../../../src/app/pages/lowcode/editor-screen/use-page-document';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  editorValue,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

/**
 * 页面配置's 设计 view: the same draft as the JSON view, edited through designer operations;
 * one undo history for both views.
 */

const SHIPPED = import.meta.glob<Record<string, unknown>>('../../../schemas/*.json', {
  eager: true,
  import: 'default',
});

async function openDesigner() {
  await userEvent.setup().click(screen.getByText('设计'));
  return screen.findByTestId('page-designer', {}, { timeout: 15_000 });
}

async function openJson() {
  await userEvent.setup().click(screen.getByText('JSON'));
  return findEditor();
}

beforeEach(() => localStorage.clear());

describe('页面配置: 设计 view', { timeout: 120_000 }, () => {
  it('opens every shipped page and switches back with the text unchanged, byte for byte', async () => {
    const files = Object.keys(SHIPPED);
    expect(files.length).toBeGreaterThanOrEqual(19);
    for (const file of files) {
      const definition = SHIPPED[file]!;
      const code = String(definition.code);
      await showEditorScreen(new FakePageStore(definition), `${EDITOR_PATH}?code=${code}`);
      const before = (await findEditor()).value;
      expect(before, file).toBe(textOf(definition));
      const designer = await openDesigner();
      // The 字段 table lists the page's fields.
      const first = (definition.fields as { name: string }[])[0]!.name;
      const name = within(designer).getByRole('textbox', { name: '第 1 个字段的字段名' });
      expect((name as HTMLInputElement).value).toBe(first);
      expect((await openJson()).value, file).toBe(before);
      cleanup();
    }
  });

  it('edits a title, adds a field with its column, and undoes and redoes across both views', async () => {
    await showEditorScreen(new FakePageStore(customerPage()), `${EDITOR_PATH}?code=demo_customer`);
    const original = editorValue(await findEditor());
    const designer = await openDesigner();
    const user = userEvent.setup();
    const label = within(designer).getByRole('textbox', { name: '第 1 个字段的标题' });
    await user.clear(label);
    await user.type(label, '客户名');
    await user.click(await within(designer).findByRole('button', { name: /新增字段/ }));
    expect(
      await within(designer).findByRole('textbox', { name: '第 3 个字段的字段名' }),
    ).toBeTruthy();

    let json = editorValue(await openJson());
    const fields = json.fields as { name: string; label: string; type: string }[];
    expect(fields[0]!.label).toBe('客户名');
    expect(fields.at(-1)).toEqual({ name: 'field', label: '新字段', type: 'input' });
    const columns = (json.table as { columns: { name: string }[] }).columns;
    expect(columns.at(-1)).toEqual({
      name: 'field',
      type: 'string',
      length: 255,
      comment: '新字段',
    });

    // Undo in the designer: the field goes; again: the title typed (one step) goes.
    const again = await openDesigner();
    fireEvent.keyDown(again, { key: 'z', ctrlKey: true });
    json = editorValue(await openJson());
    expect((json.fields as unknown[]).length).toBe((original.fields as unknown[]).length);
    expect((json.fields as { label: string }[])[0]!.label).toBe('客户名');
    const third = await openDesigner();
    fireEvent.keyDown(third, { key: 'z', ctrlKey: true });
    expect(editorValue(await openJson())).toEqual(original);
    // Redo brings the title back.
    const fourth = await openDesigner();
    fireEvent.keyDown(fourth, { key: 'z', ctrlKey: true, shiftKey: true });
    expect((editorValue(await openJson()).fields as { label: string }[])[0]!.label).toBe('客户名');
  });

  it('refuses a field name as it is typed, writing only names the server would take', async () => {
    await showEditorScreen(new FakePageStore(customerPage()), `${EDITOR_PATH}?code=demo_customer`);
    const before = editorValue(await findEditor());
    const designer = await openDesigner();
    const name = within(designer).getByRole('textbox', { name: '第 2 个字段的字段名' });
    const taken = (before.fields as { name: string }[])[0]!.name;
    await act(async () => {
      fireEvent.change(name, { target: { value: taken } });
    });
    expect(await screen.findByText(`字段名 ${taken} 已存在`)).toBeTruthy();
    await act(async () => {
      fireEvent.change(name, { target: { value: '2x' } });
    });
    expect(await screen.findByText(/字段名须以字母开头/)).toBeTruthy();
    expect(editorValue(await openJson())).toEqual(before);
  });

  it('takes back its own name after a refused one', async () => {
    await showEditorScreen(new FakePageStore(customerPage()), `${EDITOR_PATH}?code=demo_customer`);
    const before = editorValue(await findEditor());
    const designer = await openDesigner();
    const name = () => within(designer).getByRole('textbox', { name: '第 2 个字段的字段名' });
    const taken = (before.fields as { name: string }[])[0]!.name;
    for (const value of ['freshName', taken, 'freshName']) {
      await act(async () => {
        fireEvent.change(name(), { target: { value } });
      });
    }
    await waitFor(() => expect(screen.queryByText('字段名 freshName 已存在')).toBeNull());
    expect(name().className).not.toMatch(/status-error/);
    const after = editorValue(await openJson());
    expect((after.fields as { name: string }[])[1]!.name).toBe('freshName');
  });

  it('a click on a problem opens the tab of its field and selects the field', async () => {
    const page = customerPage();
    const fields = page.fields as Record<string, unknown>[];
    fields[1] = { ...fields[1], validateRules: [{ pattern: '(' }] };
    await showEditorScreen(new FakePageStore(page), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    const user = userEvent.setup();
    await user.click(within(designer).getByRole('tab', { name: '页面' }));
    expect(within(designer).queryByText('字段设置：手机号')).toBeNull();
    const problems = await screen.findByRole('list', { name: '问题列表' });
    await user.click(within(problems).getAllByText(/第 \d+ 行/)[0]!);
    expect(await within(designer).findByText('字段设置：手机号')).toBeTruthy();
    expect(within(designer).getByRole('tab', { name: '字段', selected: true })).toBeTruthy();
  });

  it('says which props a new type dropped', async () => {
    const page = customerPage();
    const [first, ...rest] = page.fields as Record<string, unknown>[];
    page.fields = [{ ...first, props: { maxLength: 50, allowClear: true, prefix: 'A' } }, ...rest];
    await showEditorScreen(new FakePageStore(page), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    const type = within(designer).getByRole('combobox', { name: '第 1 个字段的控件类型' });
    fireEvent.mouseDown(type);
    await userEvent.setup().click(await screen.findByTitle('用户选择（sel_user）'));
    expect(
      await screen.findByText('已去掉「用户选择」不支持的属性：maxLength、prefix'),
    ).toBeTruthy();
    const json = editorValue(await openJson());
    expect((json.fields as Record<string, unknown>[])[0]).toMatchObject({
      type: 'sel_user',
      props: { allowClear: true },
    });
  });

  it('draws the selected field’s props from its catalogue schema and writes a change', async () => {
    await showEditorScreen(new FakePageStore(customerPage()), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    await userEvent
      .setup()
      .click(within(designer).getByRole('textbox', { name: '第 2 个字段的标题' }));
    const panel = await screen.findByTestId('props-panel', {}, { timeout: 15_000 });
    // input's schema: its descriptions are the labels.
    expect(panel.textContent).toContain('最多输入的字符数');
    const maxLength = await within(panel).findByRole('spinbutton', { name: /最多输入的字符数/ });
    await userEvent.setup().type(maxLength, '11');
    await waitFor(async () => {
      const json = editorValue(await openJson());
      expect((json.fields as Record<string, unknown>[])[1]!.props).toEqual({ maxLength: 11 });
    });
  });
});
