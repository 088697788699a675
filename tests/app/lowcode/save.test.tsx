import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageApiPath } from '../../../src/contracts/page-api';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  editorValue,
  expectVersion,
  findDialog,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

const OPEN = `${EDITOR_PATH}?code=demo_customer`;

function edit(editor: HTMLTextAreaElement, change: (d: Record<string, unknown>) => void) {
  const definition = editorValue(editor);
  change(definition);
  const text = JSON.stringify(definition, null, 2);
  fireEvent.change(editor, { target: { value: text } });
  return definition;
}

/** Presses the toolbar's 保存 and waits for the save dialog. */
async function openSaveDialog() {
  await userEvent.setup().click(screen.getByRole('button', { name: /保\s*存/ }));
  return findDialog('保存页面');
}

function okButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement;
}

describe('页面配置: saving', { timeout: 30_000 }, () => {
  it('a valid edit is saved as a new version with its note', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    const edited = edit(editor, (d) => {
      d.title = '客户档案';
    });
    expect(screen.getByText('未保存')).toBeTruthy();

    const dialog = await openSaveDialog();
    expect(
      within(dialog).getByText('将把「客户档案」（demo_customer）保存为版本 2（当前版本 1）。'),
    ).toBeTruthy();
    expect(within(dialog).getByText('数据表结构没有变化。')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: '修改说明' }), '  改标题 ');
    await user.click(okButton(dialog));

    await expectVersion(2);
    expect(app.sent(PageApiPath.validate)[0]?.body).toEqual({
      definition: edited,
      code: 'demo_customer',
    });
    const saves = app.sent(PageApiPath.edit);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ method: 'put' });
    expect(saves[0]?.body).toEqual({ definition: edited, note: '改标题', baseVersion: 1 });
    expect(pages.latest('demo_customer').definition).toEqual(edited);
    await waitFor(() => expect(screen.queryByText('未保存')).toBeNull());
    expect(editorValue(editor)).toEqual(edited);
  });

  it('Ctrl+S in the editor opens the save dialog; 取消 sends nothing', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    edit(editor, (d) => {
      d.description = '快捷键保存';
    });
    const user = userEvent.setup();
    editor.focus();
    await user.keyboard('{Control>}s{/Control}');
    const dialog = await findDialog('保存页面');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('保存页面')).toBeNull());
    expect(app.sent(PageApiPath.edit)).toEqual([]);
    expect(pages.latest('demo_customer').version).toBe(1);
  });

  it('dropping a column needs a confirmation per column, which the save carries', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    const edited = edit(editor, (d) => {
      const table = d.table as { columns: { name: string }[] };
      table.columns = table.columns.filter((c) => c.name !== 'phone');
      d.fields = (d.fields as { name: string }[]).filter((f) => f.name !== 'phone');
    });

    const dialog = await openSaveDialog();
    expect(within(dialog).getByTestId('save-ddl').textContent).toBe(
      'ALTER TABLE demo_customer DROP COLUMN phone',
    );
    expect(within(dialog).getByText('以下 1 列将被删除，列中的数据无法恢复')).toBeTruthy();
    expect(okButton(dialog).disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('checkbox', { name: '确认删除列 phone' }));
    expect(okButton(dialog).disabled).toBe(false);
    await user.click(okButton(dialog));

    await expectVersion(2);
    expect(app.sent(PageApiPath.edit).map((s) => s.body)).toEqual([
      { definition: edited, baseVersion: 1, confirmDropColumns: ['phone'] },
    ]);
  });

  it('a drop the dry run did not announce: the server refusal reopens the confirmation', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    edit(editor, (d) => {
      d.description = '同时有人删了列';
    });
    const dialog = await openSaveDialog();
    expect(okButton(dialog).disabled).toBe(false);
    // Between the dry run and the save, someone added a column this text does not have.
    const latest = pages.latest('demo_customer');
    const table = latest.definition.table as { columns: { name: string }[] };
    table.columns.push({ name: 'fax' });

    const user = userEvent.setup();
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText(/以下列将被删除：fax/)).toBeTruthy();
    expect(okButton(dialog).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: '确认删除列 fax' }));
    await user.click(okButton(dialog));
    await expectVersion(2);
    expect(app.sent(PageApiPath.edit).map((s) => s.body?.confirmDropColumns)).toEqual([
      undefined,
      ['fax'],
    ]);
  });

  it('someone saved since: the stale dialog keeps the text; compare, keep mine, save again', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    const mine = edit(editor, (d) => {
      d.title = '我的标题';
    });
    pages.saveAsSomeoneElse('demo_customer', (d) => ({ ...d, description: '同事写的说明' }));

    const user = userEvent.setup();
    await user.click(okButton(await openSaveDialog()));
    const stale = await findDialog('页面已被他人修改');
    expect(
      within(stale).getByText(/你的修改基于版本 1，服务器上已是版本 2/, { exact: false }),
    ).toBeTruthy();
    expect(within(stale).getByText(/当前版本 2/)).toBeTruthy();
    expect(editorValue(editor)).toEqual(mine);
    expect(pages.latest('demo_customer').version).toBe(2);

    await user.click(within(stale).getByRole('button', { name: '对比差异' }));
    const diff = await findDialog('最新版本 2 与你的修改');
    expect(within(diff).getByTestId('diff-original').textContent).toContain('同事写的说明');
    expect(within(diff).getByTestId('diff-modified').textContent).toContain('我的标题');
    await user.click(within(diff).getByRole('button', { name: '保留我的修改（基于最新版本）' }));

    await expectVersion(2);
    expect(editorValue(editor)).toEqual(mine);
    await user.click(okButton(await openSaveDialog()));
    await expectVersion(3);
    expect(app.sent(PageApiPath.edit).map((s) => s.body?.baseVersion)).toEqual([1, 2]);
  });

  it('someone saved since: 加载最新版本 replaces the text after a confirmation', async () => {
    const pages = new FakePageStore(customerPage());
    await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    edit(editor, (d) => {
      d.title = '我的标题';
    });
    pages.saveAsSomeoneElse('demo_customer', (d) => ({ ...d, description: '同事写的说明' }));

    const user = userEvent.setup();
    await user.click(okButton(await openSaveDialog()));
    const stale = await findDialog('页面已被他人修改');
    await user.click(within(stale).getByRole('button', { name: '加载最新版本' }));
    const confirm = await findDialog('放弃你的修改，加载最新版本？');
    await user.click(within(confirm).getByRole('button', { name: '加载最新版本' }));

    await expectVersion(2);
    await waitFor(() =>
      expect(editorValue(editor)).toEqual(pages.latest('demo_customer').definition),
    );
    expect(screen.queryByText('未保存')).toBeNull();
  });
});
