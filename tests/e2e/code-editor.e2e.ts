import { describe, expect, it } from 'vitest';
import { browserSession, openMenu, toast, waitForScreen } from './support';
import { replaceEditorText, titledModal } from './page-editor';
import { solidPng } from './png';

/**
 * The editors in a real browser (monaco does not run under happy-dom): a page with a markdown
 * and a code-editor field, written in 页面配置 and opened from its menu entry. monaco is the page
 * editor's (one chunk); the markdown preview is sanitised; an uploaded image is inserted as
 * markdown and shown through a signed URL.
 */

const CODE = 'e2e_editors';
const TITLE = '编辑器测试';
const DEFINITION = {
  schemaVersion: 2,
  code: CODE,
  title: TITLE,
  kind: 'list',
  table: {
    name: CODE,
    columns: [
      { name: 'content', type: 'text', comment: '说明' },
      { name: 'script', type: 'text', comment: '脚本' },
    ],
  },
  fields: [
    { name: 'content', label: '说明', type: 'markdown' },
    {
      name: 'script',
      label: '脚本',
      type: 'code-editor',
      props: { languageChange: true, fullScreen: true },
    },
  ],
  form: { container: 'modal', width: 1000 },
};

/** A small PNG (the upload route reads the type from the content). */
const PNG = solidPng(4, [32, 96, 200]);

describe('the markdown and code editors in a page', () => {
  const session = browserSession({ user: 'admin' });

  it('creates the page in 页面配置 and adds it to the menu', async () => {
    const { page } = session;
    await openMenu(page, '低代码', '页面配置');
    await waitForScreen(page, '/lowcode/page', '页面配置');
    await page.getByRole('button', { name: '新增页面' }).click();
    await replaceEditorText(page, JSON.stringify(DEFINITION, null, 2));
    await page.getByRole('button', { name: '保存' }).click();
    const save = titledModal(page, '创建页面');
    await save.getByRole('button', { name: /创\s*建/ }).click();
    await toast(page, '已保存，当前版本 1').waitFor();
    await page.getByRole('button', { name: '加入菜单' }).click();
    const menu = titledModal(page, '加入菜单');
    await menu.getByLabel('菜单名称').fill(TITLE);
    await menu.getByRole('button', { name: '加入菜单' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.locator(`nav[aria-label="一级菜单"] button[title="${TITLE}"]`).click();
    await waitForScreen(page, `/online/page/${CODE}`, TITLE);
  });

  it('edits code in monaco: tab size 2, language selector, fullscreen at z-index 999', async () => {
    const { page } = session;
    const view = page.locator(`.sa-page[data-page-code="${CODE}"]:visible`);
    await view.getByRole('button', { name: '新增' }).click();
    const form = titledModal(page, '新增');
    const lines = form.locator('.code-editor .monaco-editor .view-lines');
    await lines.click();
    await page.keyboard.type('if (a) {');
    await page.keyboard.press('Enter');
    await page.keyboard.type('b();');
    // monaco closed the brace and indented the new line by two spaces.
    await expect
      .poll(async () => (await lines.innerText()).replace(/\u00a0/g, ' '))
      .toBe('if (a) {\n  b();\n}');

    await form.locator('.code-editor .ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('python').click();
    await expect
      .poll(() => form.locator('.code-editor .ant-select-selection-item').innerText())
      .toBe('python');

    await form.getByRole('button', { name: '全屏' }).last().click();
    const full = page.locator('.code-editor[data-fullscreen]');
    await expect.poll(() => full.evaluate((el) => getComputedStyle(el).zIndex)).toBe('999');
    await expect.poll(() => full.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    await form.waitFor(); // Esc left fullscreen, not the dialog
  });

  it('previews markdown sanitised, inserts an uploaded image and saves both', async () => {
    const { page } = session;
    const form = titledModal(page, '新增');
    const source = form.getByRole('textbox', { name: '说明' });
    await source.fill(
      '# 标题\n\n| 名称 | 数量 |\n| --- | --- |\n| 苹果 | 3 |\n\n[链接](javascript:alert(1))\n\n<script>window.pwned = 1</script>\n\n',
    );
    const preview = form.locator('.markdown-view');
    await preview.locator('table').waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.locator('a').first().getAttribute('href')).toBeNull();

    await form.getByRole('button', { name: '图片上传' }).click();
    const upload = titledModal(page, '图片上传');
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await upload.locator('.ant-progress-status-success').waitFor();
    await upload.getByLabel('备注', { exact: true }).fill('一个点');
    await upload.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => source.inputValue())
      .toMatch(/!\[一个点\]\(\/system\/sys\/common\/static\/temp\/\d{8}\/[^)]+\.png\)$/);
    const image = preview.locator('img[alt="一个点"]');
    await expect.poll(() => image.getAttribute('src')).toContain('/system/sys/common/signed/');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '新增成功！').waitFor();
    const row = page.locator(`.sa-page[data-page-code="${CODE}"]:visible tr.ant-table-row`);
    await expect.poll(() => row.first().innerText()).toContain('if (a) { b(); }');
  });
});
