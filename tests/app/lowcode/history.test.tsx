import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

/** A page with three versions: created, a column and a field added, then retitled. */
function threeVersions(): FakePageStore {
  const pages = new FakePageStore(customerPage());
  pages.saveAsSomeoneElse('demo_customer', (d) => {
    const table = d.table as { columns: object[] };
    table.columns.push({ name: 'email', type: 'string', length: 100 });
    (d.fields as object[]).push({ name: 'email', label: '电子邮件', type: 'input' });
    return d;
  });
  pages.saveAsSomeoneElse('demo_customer', (d) => ({ ...d, title: '客户档案' }));
  return pages;
}

async function openHistory() {
  await userEvent.setup().click(screen.getByRole('button', { name: /历史版本/ }));
  const drawer = await findDialog('历史版本：客户档案（demo_customer）');
  await waitFor(() => expect(drawer.querySelectorAll('tbody tr[data-row-key]')).toHaveLength(3));
  return drawer;
}

function row(drawer: HTMLElement, version: number): HTMLElement {
  return drawer.querySelector<HTMLElement>(`tbody tr[data-row-key="${version}"]`)!;
}

describe('页面配置: history', { timeout: 30_000 }, () => {
  it('lists every version, newest first, with who, what changed and the note', async () => {
    const pages = threeVersions();
    const app = await showEditorScreen(pages, OPEN);
    await findEditor();
    const drawer = await openHistory();

    const keys = [...drawer.querySelectorAll('tbody tr[data-row-key]')].map((r) =>
      r.getAttribute('data-row-key'),
    );
    expect(keys).toEqual(['3', '2', '1']);
    expect(within(row(drawer, 3)).getByText('当前')).toBeTruthy();
    expect(within(row(drawer, 3)).getByText('/title')).toBeTruthy();
    expect(within(row(drawer, 2)).getByText('同事的修改')).toBeTruthy();
    expect(within(row(drawer, 2)).getByText('/table')).toBeTruthy();
    expect(within(row(drawer, 2)).getByText('/fields')).toBeTruthy();
    expect(within(row(drawer, 1)).getByText('创建')).toBeTruthy();
    // The current version cannot be rolled back to; the others can.
    expect(within(row(drawer, 3)).queryByText('回滚')).toBeNull();
    expect(within(row(drawer, 1)).getByText('回滚')).toBeTruthy();
    expect(app.sent(PageApiPath.versions)[0]?.params).toMatchObject({ code: 'demo_customer' });
  });

  it('compares an old version with the current one', async () => {
    const pages = threeVersions();
    const app = await showEditorScreen(pages, OPEN);
    await findEditor();
    const drawer = await openHistory();
    await userEvent.setup().click(within(row(drawer, 1)).getByText('对比'));

    const diff = await findDialog('版本 1 与当前版本 3');
    expect(within(diff).getByTestId('diff-original').textContent).toContain('"客户管理"');
    expect(within(diff).getByTestId('diff-original').textContent).not.toContain('email');
    expect(within(diff).getByTestId('diff-modified').textContent).toContain('"email"');
    expect(app.sent(PageApiPath.version)[0]?.params).toMatchObject({
      code: 'demo_customer',
      version: '1',
    });
  });

  it('rolls back to a version after a confirmation: a new version with its content', async () => {
    const pages = threeVersions();
    // Version 2 has every column of version 3: rolling back to it drops none.
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    const drawer = await openHistory();
    const user = userEvent.setup();
    await user.click(within(row(drawer, 2)).getByText('回滚'));
    const confirm = await findDialog('回滚到版本 2？');
    expect(confirm.textContent).toContain('将以版本 2 的内容保存为新版本 4');
    await user.click(within(confirm).getByRole('button', { name: /回\s*滚/ }));

    await expectVersion(4);
    expect(app.sent(PageApiPath.rollback).map((r) => r.body)).toEqual([
      { code: 'demo_customer', version: 2, baseVersion: 3 },
    ]);
    const version2 = pages.pages.get('demo_customer')![1]!.definition;
    expect(editorValue(editor)).toEqual(version2);
    // The drawer shows the new version as the current one.
    await waitFor(() => expect(within(row(drawer, 4)).getByText('当前')).toBeTruthy());
    expect(within(row(drawer, 4)).getByText('回滚到版本 2')).toBeTruthy();
  });

  it('a rollback that drops a column asks again and sends the confirmation', async () => {
    const pages = threeVersions();
    const app = await showEditorScreen(pages, OPEN);
    const editor = await findEditor();
    const drawer = await openHistory();
    const user = userEvent.setup();
    await user.click(within(row(drawer, 1)).getByText('回滚'));
    await user.click(
      within(await findDialog('回滚到版本 1？')).getByRole('button', { name: /回\s*滚/ }),
    );

    const drops = await findDialog('回滚将删除数据表中的列');
    expect(drops.textContent).toContain('email');
    expect(pages.latest('demo_customer').version).toBe(3);
    await user.click(within(drops).getByRole('button', { name: '确认删除并回滚' }));

    await expectVersion(4);
    expect(app.sent(PageApiPath.rollback).map((r) => r.body)).toEqual([
      { code: 'demo_customer', version: 1, baseVersion: 3 },
      { code: 'demo_customer', version: 1, baseVersion: 3, confirmDropColumns: ['email'] },
    ]);
    expect(editorValue(editor)).toEqual(pages.pages.get('demo_customer')![0]!.definition);
  });

  it('without the edit permission there is no rollback', async () => {
    const pages = threeVersions();
    const permissions = pages.permissions();
    pages.permissions = () => ({
      ...permissions,
      allAuth: [{ action: 'lowcode:page:edit', type: '1', describe: '保存页面', status: '1' }],
    });
    await showEditorScreen(pages, OPEN);
    await findEditor();
    const drawer = await openHistory();
    expect(within(row(drawer, 1)).getByText('对比')).toBeTruthy();
    expect(within(drawer).queryByText('回滚')).toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByText('只读')).toBeTruthy();
  });
});
