import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render as renderTl, screen, waitFor, within } from '@testing-library/react';
import type { Http } from '../../src/runtime/http';
import userEvent from '@testing-library/user-event';
import { richtextEntry } from '../../src/contracts/catalogue/entries/richtext';
import {
  signHtmlImages,
  storedImageUrl,
  stableImageSrc,
  storedPathOfUrl,
  viewableImageUrl,
} from '../../src/runtime/html-images';
import { htmlToText } from '../../renderers/richtext/html-text';
import { WithServices } from './sel-user-support';
import { builtinRegistry } from './support';
import { STORED, fakeFileHttp, renderRichtext } from './richtext-support';

/**
 * What shows rich text without the editor: the catalogue entry, the image address helpers
 * (stable address stored, signed URL shown), the list cell's words, the detail view and the
 * grid cell's dialog. DOMPurify does not run under happy-dom: the cleaning itself is tested in
 * Chromium (tests/e2e/richtext.e2e.ts).
 */

function render(ui: ReactElement, http: Http) {
  return renderTl(<WithServices http={http}>{ui}</WithServices>);
}

describe('richtext entry', () => {
  it('holds HTML, filters by like and shows 200 px wide cells through the display', () => {
    expect(richtextEntry.title).toBe('富文本');
    expect(richtextEntry.value).toBe('html');
    expect(richtextEntry.queryRule).toBe('like');
    expect(richtextEntry.grid).toEqual({ width: 200, text: 'display' });
    expect(richtextEntry.props.defaults).toEqual({ height: 300, biz: 'temp' });
    expect(richtextEntry.props.read({ biz: 'news_1' }).biz).toBe('news_1');
  });
});

describe('image addresses in HTML', () => {
  it('stores an upload by its stable static address and reads the path back', () => {
    const url = storedImageUrl('news/20261127/合同 1.png');
    expect(url).toBe('/system/sys/common/static/news/20261127/%E5%90%88%E5%90%8C%201.png');
    expect(storedPathOfUrl(url)).toBe('news/20261127/合同 1.png');
    expect(storedPathOfUrl(`http://h:1${url}`, 'http://h:1')).toBe('news/20261127/合同 1.png');
    expect(storedPathOfUrl(`http://other${url}`, 'http://h:1')).toBeNull();
    expect(storedPathOfUrl('https://img.example.com/a.png')).toBeNull();
    expect(storedPathOfUrl('/system/sys/common/static/a/../../b.png')).toBeNull();
  });

  it('keeps a pasted signed URL as the stable address (signed URLs expire)', () => {
    const signed = '/system/sys/common/signed/news/20261127/%E5%9B%BE.png?sig=1.abc';
    expect(stableImageSrc(signed)).toBe('/system/sys/common/static/news/20261127/%E5%9B%BE.png');
    expect(stableImageSrc(`http://h:1${signed}`, 'http://h:1')).toBe(
      '/system/sys/common/static/news/20261127/%E5%9B%BE.png',
    );
    expect(stableImageSrc('https://x.cn/a.png')).toBe('https://x.cn/a.png');
    expect(stableImageSrc('/system/sys/common/signed/a/../b.png?sig=1')).toBe(
      '/system/sys/common/signed/a/../b.png?sig=1',
    );
  });

  it('swaps stored images for signed URLs and leaves other images alone', async () => {
    const viewUrl = vi.fn(async (path: string) => `/signed/${path}`);
    const html = `<p>图</p><img src="${storedImageUrl(STORED)}" alt="a"><img src="https://x.cn/b.png">`;
    const shown = await signHtmlImages(html, viewUrl);
    expect(shown).toContain(`<img src="/signed/${STORED}" alt="a">`);
    expect(shown).toContain('<img src="https://x.cn/b.png">');
    expect(viewUrl).toHaveBeenCalledTimes(1);
    expect(await signHtmlImages('<p>无图</p>', viewUrl)).toBe('<p>无图</p>');
  });

  it('keeps the stable address when signing fails', async () => {
    const src = storedImageUrl(STORED);
    expect(await viewableImageUrl(src, () => Promise.reject(new Error('no')))).toBe(src);
  });
});

describe('richtext display', () => {
  it('reads the words of the HTML for list cells', () => {
    expect(
      htmlToText('<p>第一段</p><p>第二<b>段</b></p><img src="/a.png"><ul><li>一</li></ul>'),
    ).toBe('第一段 第二段 [图片] 一');
    expect(htmlToText('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('a');
    expect(htmlToText(null)).toBe('');
  });

  it('shows the words shortened in a cell', () => {
    const Display = builtinRegistry().get('richtext')!.display!;
    const long = `<p>${'通知内容'.repeat(10)}</p>`;
    const { http } = fakeFileHttp();
    const view = render(<Display value={long} variant="cell" />, http);
    expect(view.container.textContent).toBe(`${'通知内容'.repeat(3)}...`);
  });

  it('shows the HTML in a detail view with uploaded images signed', async () => {
    const Display = builtinRegistry().get('richtext')!.display!;
    const files = fakeFileHttp();
    const html = `<p>正文</p><p><img src="${storedImageUrl(STORED)}"></p>`;
    render(<Display value={html} variant="detail" />, files.http);
    const view = await screen.findByTestId('richtext-view');
    await waitFor(() =>
      expect(view.querySelector('img')?.getAttribute('src')).toBe(
        `http://localhost:3000/system/sys/common/static/${STORED}?sign=ok`,
      ),
    );
    expect(view.textContent).toBe('正文');
    expect(files.signed).toEqual([STORED]);
  });
});

describe('richtext grid cell', () => {
  it('shows the words and edits the HTML in a dialog', async () => {
    const view = renderRichtext({ cell: true, value: '<p>短文</p>' });
    const cell = screen.getByRole('button', { name: '编辑富文本' });
    expect(cell.textContent).toBe('短文');
    await userEvent.click(cell);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(dialog.querySelector('.sa-richtext-content')?.textContent).toBe('短文'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '表格' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(view.onChange).toHaveBeenCalledTimes(1));
    expect(String(view.onChange.mock.lastCall![0])).toContain('短文');
  });

  it('only shows the words when disabled', async () => {
    renderRichtext({ cell: true, value: '<p>只读</p>', disabled: true });
    await userEvent.click(screen.getByRole('button', { name: '编辑富文本' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
