import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  fileInput,
  flush,
  imageFile,
  items,
  plainFile,
  renderUpload,
  signed,
} from './uploads-support';

/** jsdom resolves an <img>'s src against the page. */
const absolute = (url: string) => new URL(url, document.baseURI).href;

const A = 'temp/20261127/a_1a2b3c4d5e6f.png';
const B = 'temp/20261127/b_1a2b3c4d5e6f.png';
const C = 'temp/20261127/c_1a2b3c4d5e6f.png';

const addCard = () => screen.queryByRole('button', { name: /上传$/ });

/** The src of every <img> drawn (thumbnails appear once their signed URL is known). */
const imageSources = () => Array.from(document.querySelectorAll('img')).map((i) => i.src);

describe('image field (widgets.md §2.6 "Image upload")', () => {
  it('uploads chosen pictures to biz with progress and holds their paths', async () => {
    const { user, uploads, value } = renderUpload({
      type: 'image',
      props: { multiple: true, biz: 'goods' },
    });
    expect(addCard()).toBeTruthy();
    await user.upload(fileInput(), [imageFile('a.png'), imageFile('b.png')]);
    expect(uploads.map((u) => u.name)).toEqual(['a.png', 'b.png']);
    expect(uploads[0]!.form.get('biz')).toBe('goods');
    expect(uploads[0]!.url).toBe('/sys/common/upload');
    expect(items()).toHaveLength(2);
    expect(items()[0]!.textContent).toContain('上传中');
    uploads[0]!.succeed(A);
    uploads[1]!.succeed(B);
    await waitFor(() => expect(value()).toBe(`${A},${B}`));
    // Thumbnails come through signed URLs (an <img> cannot send the token).
    await waitFor(() => expect(imageSources()).toEqual([signed(A), signed(B)].map(absolute)));
  });

  it('refuses a file that is not a picture with 请上传图片', async () => {
    const { user, uploads } = renderUpload({ type: 'image', props: { multiple: true } });
    await user.upload(fileInput(), [plainFile('合同.pdf'), imageFile('a.png')]);
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(uploads.map((u) => u.name)).toEqual(['a.png']);
  });

  it('says {name} 上传失败. and keeps the card with the server message, then retries', async () => {
    const { user, uploads, value } = renderUpload({ type: 'image' });
    await user.upload(fileInput(), imageFile('猫.png'));
    uploads[0]!.refuse('文件类型不允许');
    expect(await screen.findByText('猫.png 上传失败.')).toBeTruthy();
    const card = items()[0]!;
    await user.hover(within(card).getByText('猫.png'));
    expect(await screen.findByText('文件类型不允许')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: '重试' }));
    expect(uploads).toHaveLength(2);
    uploads[1]!.succeed(A);
    await waitFor(() => expect(value()).toBe(A));
    expect(items()).toHaveLength(1);
  });

  it('hides the add card at the maximum', async () => {
    renderUpload({ type: 'image', value: `${A},${B}`, props: { multiple: true, number: 2 } });
    expect(items()).toHaveLength(2);
    expect(addCard()).toBeNull();
  });

  it('holds one picture without multiple: the add card hides once it has one', async () => {
    const { user, uploads } = renderUpload({ type: 'image' });
    await user.upload(fileInput(), imageFile('a.png'));
    expect(addCard()).toBeNull();
    uploads[0]!.succeed(A);
    await flush();
    expect(addCard()).toBeNull();
    await user.click(within(items()[0]!).getByRole('button', { name: '删除' }));
    expect(addCard()).toBeTruthy();
  });

  it('keeps only the last N with multiple when more are chosen', async () => {
    const { user, uploads, value } = renderUpload({
      type: 'image',
      props: { multiple: true, number: 2 },
    });
    await user.upload(fileInput(), [imageFile('a.png'), imageFile('b.png'), imageFile('c.png')]);
    expect(uploads.map((u) => u.name)).toEqual(['b.png', 'c.png']);
    uploads[0]!.succeed(B);
    uploads[1]!.succeed(C);
    await waitFor(() => expect(value()).toBe(`${B},${C}`));
    expect(addCard()).toBeNull();
  });

  it('previews a picture in a modal', async () => {
    const { user } = renderUpload({ type: 'image', value: A });
    await user.click(within(items()[0]!).getByRole('button', { name: '预览' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'a.png' })).toBeTruthy();
  });
});

describe('image cell (widgets.md §2.5)', () => {
  it('shows 上传图片 when empty and a thumbnail once uploaded', async () => {
    const { user, uploads, value } = renderUpload({ type: 'image', cell: true });
    expect(screen.getByRole('button', { name: /上传图片/ })).toBeTruthy();
    await user.upload(fileInput(), imageFile('a.png'));
    uploads[0]!.succeed(A);
    await waitFor(() => expect(value()).toBe(A));
    await waitFor(() => expect(imageSources()).toEqual([absolute(signed(A))]));
  });

  it('says 上传出错 with 错误信息：message in a dialog when the upload fails', async () => {
    const { user, uploads } = renderUpload({ type: 'image', cell: true });
    await user.upload(fileInput(), imageFile('a.png'));
    uploads[0]!.refuse('空间不足');
    expect((await screen.findAllByText('上传出错')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('错误信息：空间不足').length).toBeGreaterThan(0);
  });
});

describe('image view', () => {
  it('shows 32 px thumbnails through signed URLs; a click previews', async () => {
    const { user } = renderUpload({ type: 'image', display: true, value: `${A},${B}` });
    await waitFor(() => expect(imageSources()).toEqual([signed(A), signed(B)].map(absolute)));
    expect(document.querySelector('img')!.getAttribute('style')).toContain('width: 32px');
    await user.click(screen.getByRole('button', { name: '预览 b.png' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows nothing without a value', () => {
    const { container } = renderUpload({ type: 'image', display: true, value: '' });
    expect(container.textContent).toBe('');
  });
});
