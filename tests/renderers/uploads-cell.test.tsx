import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fileInput, flush, plainFile, renderUpload } from './uploads-support';

const DOC = 'temp/20261127/年度预算报告_1a2b3c4d5e6f.pdf';
const SHORT = 'temp/20261127/a_1a2b3c4d5e6f.pdf';

/** The cell's 操作 menu items, opened. */
async function menuItems(user: UserEvent): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: '操作' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent ?? '');
}

describe('file and upload cells (widgets.md §2.5, §4 "Upload status")', () => {
  it('show an upload button when empty: 上传文件 for file, 点击上传 for upload', () => {
    const file = renderUpload({ type: 'file', cell: true });
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeTruthy();
    file.unmount();
    renderUpload({ type: 'upload', cell: true });
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeTruthy();
  });

  it('while uploading: a spinner, 上传中… and the tooltip 上传中(n%)', async () => {
    const { user, uploads } = renderUpload({ type: 'file', cell: true });
    await user.upload(fileInput(), plainFile('a.pdf'));
    uploads[0]!.progress(37.9);
    const text = await screen.findByText('上传中…');
    expect(screen.getByLabelText('上传中(37%)')).toBeTruthy();
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '上传中(37%)');
  });

  it('done: the name shortened after 5 characters, whole on hover, the 上传完成 icon', async () => {
    const { user } = renderUpload({ type: 'file', cell: true, value: DOC });
    const name = screen.getByText('年度预算报…');
    expect(screen.getByLabelText('上传完成')).toBeTruthy();
    await user.hover(name);
    expect(await screen.findByText('年度预算报告.pdf')).toBeTruthy();
  });

  it('an upload cell posts to its action and reads the path from responseName', async () => {
    const { user, uploads, value } = renderUpload({
      type: 'upload',
      cell: true,
      column: { action: '/sys/oss/upload', responseName: 'url' },
    });
    await user.upload(fileInput(), plainFile('a.pdf'));
    expect(uploads[0]!.url).toBe('/sys/oss/upload');
    expect(uploads[0]!.form.get('isup')).toBe('1');
    uploads[0]!.succeed('ignored', { url: SHORT });
    await waitFor(() => expect(value()).toBe(SHORT));
  });

  it('an upload cell ignores an action off this site', async () => {
    const { user, uploads } = renderUpload({
      type: 'upload',
      cell: true,
      column: { action: 'https://evil.example/upload' },
    });
    await user.upload(fileInput(), plainFile('a.pdf'));
    expect(uploads[0]!.url).toBe('/sys/common/upload');
  });

  it('error: the red icon says the server message; retry from the menu succeeds', async () => {
    const { user, uploads, value } = renderUpload({ type: 'file', cell: true });
    await user.upload(fileInput(), plainFile('a.pdf'));
    uploads[0]!.refuse('文件太大');
    expect(await screen.findByLabelText('文件太大')).toBeTruthy();
    expect(await menuItems(user)).toContain('重试');
    await user.click(screen.getByRole('menuitem', { name: '重试' }));
    expect(uploads).toHaveLength(2);
    uploads[1]!.succeed(SHORT);
    await waitFor(() => expect(value()).toBe(SHORT));
    expect(screen.getByLabelText('上传完成')).toBeTruthy();
  });

  it('error without a server message says 未知错误', async () => {
    const { user, uploads } = renderUpload({ type: 'upload', cell: true });
    await user.upload(fileInput(), plainFile('a.pdf'));
    uploads[0]!.refuse('');
    expect(await screen.findByLabelText('未知错误')).toBeTruthy();
  });

  it('offers 下载, 删除 and 更多; allowDownload / allowRemove false hide theirs', async () => {
    const all = renderUpload({ type: 'file', cell: true, value: SHORT });
    expect(await menuItems(all.user)).toEqual(['下载', '删除', '更多']);
    all.unmount();
    const none = renderUpload({
      type: 'upload',
      cell: true,
      value: SHORT,
      column: { allowDownload: false, allowRemove: false },
    });
    expect(await menuItems(none.user)).toEqual(['更多']);
  });

  it('删除 clears the value and emits it', async () => {
    const { user, onChange } = renderUpload({ type: 'file', cell: true, value: SHORT });
    await menuItems(user);
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeTruthy();
  });

  it('下载 downloads the file', async () => {
    const { user, downloads } = renderUpload({ type: 'file', cell: true, value: SHORT });
    await menuItems(user);
    await user.click(screen.getByRole('menuitem', { name: '下载' }));
    await flush();
    expect(downloads.urls).toEqual(['/sys/common/static/temp/20261127/a_1a2b3c4d5e6f.pdf']);
  });
});

/**
 * The open pop-up, checked by its title (antd's test ids make every aria-labelledby `test-id`,
 * so a dialog's accessible name may come from another element).
 */
async function popup(title: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe(title);
  return dialog;
}

describe('file pop-up (widgets.md §2.6)', () => {
  async function openPopup(type: 'file' | 'image', value: string) {
    const view = renderUpload({ type, cell: true, value });
    await menuItems(view.user);
    await view.user.click(screen.getByRole('menuitem', { name: '更多' }));
    return view;
  }

  it('is titled 文件上传, 520 wide, with 取消; 确定 emits the paths', async () => {
    const { user, uploads, onChange } = await openPopup('file', SHORT);
    const dialog = await popup('文件上传');
    expect(within(dialog).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
    const modal = dialog.closest('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('520px');
    await user.upload(screen.getAllByLabelText(/选择文件$/).at(-1)!, plainFile('b.pdf'));
    uploads[0]!.succeed(DOC);
    // A file uploaded here is shown by the name it was chosen with.
    await within(dialog).findByText('b.pdf');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenLastCalledWith(`${SHORT},${DOC}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says 未上传任何文件 on 确定 without a file and stays open', async () => {
    const { user, onChange } = await openPopup('file', SHORT);
    const dialog = await popup('文件上传');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未上传任何文件')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is titled 图片上传 for an image cell', async () => {
    await openPopup('image', 'temp/20261127/a_1a2b3c4d5e6f.png');
    expect(await popup('图片上传')).toBeTruthy();
  });
});
