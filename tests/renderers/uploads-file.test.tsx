import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fileInput, flush, imageFile, items, plainFile, renderUpload } from './uploads-support';

const DOC = 'temp/20261127/合同_1a2b3c4d5e6f.pdf';
const IMG1 = 'temp/20261127/one_1a2b3c4d5e6f.png';
const IMG2 = 'temp/20261127/two_1a2b3c4d5e6f.png';

const button = () => screen.queryByRole('button', { name: /上传文件/ });

describe('file field (widgets.md §2.6 "File upload")', () => {
  it('uploads with a progress bar and lists the stored names', async () => {
    const { user, uploads, value } = renderUpload({ type: 'file', value: DOC });
    expect(items().map((i) => i.getAttribute('aria-label'))).toEqual(['合同.pdf']);
    await user.upload(fileInput(), plainFile('报价单.xlsx'));
    uploads[0]!.progress(42.7);
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    uploads[0]!.succeed('temp/20261127/报价单_0a0b0c0d0e0f.xlsx');
    await waitFor(() => expect(value()).toBe(`${DOC},temp/20261127/报价单_0a0b0c0d0e0f.xlsx`));
    expect(items().map((i) => i.getAttribute('aria-label'))).toEqual(['合同.pdf', '报价单.xlsx']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says {name} 上传失败. and keeps the file to retry', async () => {
    const { user, uploads, value } = renderUpload({ type: 'file' });
    await user.upload(fileInput(), plainFile('a.pdf'));
    uploads[0]!.fail(new Error('网络错误'));
    expect(await screen.findByText('a.pdf 上传失败.')).toBeTruthy();
    await user.click(within(items()[0]!).getByRole('button', { name: '重试' }));
    uploads[1]!.succeed(DOC);
    await waitFor(() => expect(value()).toBe(DOC));
  });

  it('hides the button at number files and takes no more than fit', async () => {
    const { user, uploads } = renderUpload({ type: 'file', props: { number: 2 }, value: DOC });
    await user.upload(fileInput(), [plainFile('a.pdf'), plainFile('b.pdf')]);
    expect(uploads.map((u) => u.name)).toEqual(['a.pdf']);
    expect(button()).toBeNull();
  });

  it('shows btnText on the button', () => {
    renderUpload({ type: 'file', props: { btnText: '选择附件' } });
    expect(screen.getByRole('button', { name: /选择附件/ })).toBeTruthy();
  });

  it('removes a file from the value', async () => {
    const { user, value } = renderUpload({ type: 'file', value: `${DOC},${IMG1}` });
    await user.click(within(items()[0]!).getByRole('button', { name: '删除' }));
    expect(value()).toBe(IMG1);
  });

  it('hides 删除 and 下载 when allowRemove and allowDownload are false', () => {
    renderUpload({ type: 'file', value: DOC, props: { allowRemove: false, allowDownload: false } });
    expect(within(items()[0]!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(items()[0]!).queryByRole('button', { name: '下载' })).toBeNull();
  });

  it('warns 文件下载失败 when the downloaded file is empty', async () => {
    const { user, downloads } = renderUpload({ type: 'file', value: DOC });
    downloads.answer = async () => new Blob([]);
    await user.click(within(items()[0]!).getByRole('button', { name: '下载' }));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
  });

  it('warns with the failure message when a download fails', async () => {
    const view = renderUpload({ type: 'file', value: DOC });
    view.downloads.answer = () => Promise.reject(new Error('没有权限'));
    await view.user.click(within(items()[0]!).getByRole('button', { name: '下载' }));
    expect(await screen.findByText('没有权限')).toBeTruthy();
  });

  it('as picture cards: pictures move left and right, changing the value order', async () => {
    const { user, value } = renderUpload({
      type: 'file',
      props: { listType: 'picture-card' },
      value: `${IMG1},${IMG2}`,
    });
    const [first, second] = items();
    expect(within(first!).queryByRole('button', { name: '左移' })).toBeNull();
    await user.click(within(first!).getByRole('button', { name: '右移' }));
    expect(value()).toBe(`${IMG2},${IMG1}`);
    await user.click(within(items()[1]!).getByRole('button', { name: '左移' }));
    expect(value()).toBe(`${IMG1},${IMG2}`);
    expect(within(second!).queryByRole('button', { name: '右移' })).toBeNull();
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeTruthy();
  });

  it('previews a picture in the modal and downloads other files', async () => {
    const view = renderUpload({ type: 'file', value: `${IMG1},${DOC}` });
    await view.user.click(screen.getByRole('button', { name: 'one.png' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(view.downloads.urls).toEqual([]);
    await view.user.click(screen.getByRole('button', { name: '合同.pdf' }));
    await flush();
    expect(view.downloads.urls).toEqual([
      '/sys/common/static/temp/20261127/%E5%90%88%E5%90%8C_1a2b3c4d5e6f.pdf',
    ]);
  });

  it('uploads pictures as cards too', async () => {
    const { user, uploads } = renderUpload({ type: 'file', props: { listType: 'picture-card' } });
    await user.upload(fileInput(), imageFile('a.png'));
    expect(uploads).toHaveLength(1);
  });
});

describe('file view', () => {
  it('shows the names as links that download, shortened after 5 characters in a cell', async () => {
    const view = renderUpload({
      type: 'file',
      display: true,
      value: 'temp/20261127/年度预算报告_1a2b3c4d5e6f.pdf',
    });
    const link = screen.getByRole('button', { name: '下载 年度预算报告.pdf' });
    expect(link.textContent).toBe('年度预算报…');
    await view.user.click(link);
    await flush();
    expect(view.downloads.urls).toHaveLength(1);
  });

  it('names a path it cannot read 未知的文件, and shows nothing without a value', () => {
    const view = renderUpload({ type: 'upload', display: true, value: 'temp/', variant: 'detail' });
    expect(view.container.textContent).toBe('未知的文件');
    view.unmount();
    const empty = renderUpload({ type: 'file', display: true, value: null });
    expect(empty.container.textContent).toBe('');
  });
});
