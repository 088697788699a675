import { useState } from 'react';
import { App } from 'antd';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FieldWidgetProps } from '../../registry/types';
import {
  applyMarkdownAction,
  imageMarkdown,
  markdownPlainText,
} from '../../renderers/markdown/format';
import { markdownEntry } from '../../src/contracts/catalogue/entries/markdown';
import { markdownToSafeHtml } from '../../src/runtime/html-sanitize';
import type { Http } from '../../src/runtime/http';
import { envelope } from '../runtime/fakes';
import { renderCellDisplay } from './cell-support';
import { WithServices } from './sel-user-support';
import { builtinRegistry, fieldOf, renderDisplay } from './support';
import { answerFileLookup } from '../support/file-server-fake';

/**
 * The markdown editor (widgets.md §2.7, §8, §9). DOMPurify does not run under happy-dom (the
 * sanitiser itself is tested in a real browser: tests/e2e/html-sanitize.e2e.ts), so here the
 * sanitiser is a stand-in that marks what went through it: the preview and the views must show
 * only its output.
 */
vi.mock('../../src/runtime/html-sanitize', () => ({
  safeHtml: (html: string) => html,
  markdownToSafeHtml: vi.fn(async (markdown: string | null | undefined) => {
    if (!markdown) return '';
    if (markdown.includes('![')) {
      return '<p><img src="/system/sys/common/static/temp/20261127/cat_1a2b3c4d5e6f.png" alt="猫"></p>';
    }
    return `<p class="sanitised">${markdown.replace(/</g, '&lt;')}</p>`;
  }),
}));

const UPLOADED = 'temp/20261127/cat_1a2b3c4d5e6f.png';

interface FakeHttp {
  readonly http: Http;
  readonly upload: ReturnType<typeof vi.fn>;
  /** Finishes the pending upload: with a stored path, or refused. */
  finish(ok: boolean): void;
}

function fakeHttp(): FakeHttp {
  let settle: (ok: boolean) => void = () => undefined;
  const upload = vi.fn(
    (_url: string, _form: FormData, options?: { onUploadProgress?: (p: number) => void }) =>
      new Promise((resolve) => {
        options?.onUploadProgress?.(40);
        settle = (ok) =>
          resolve(
            ok
              ? envelope([UPLOADED], { message: UPLOADED })
              : envelope(null, { success: false, message: '磁盘已满' }),
          );
      }),
  );
  const get = vi.fn(
    async (url: string, params: object) =>
      answerFileLookup(url, params, (path) => `/sys/common/view/${path}?sign=abc`) ??
      envelope(null, { success: false, message: `unexpected ${url}` }),
  );
  const refuse = () => Promise.reject(new Error('not used'));
  const http = {
    get,
    upload,
    post: refuse,
    put: refuse,
    delete: refuse,
    blob: refuse,
    baseURL: '/system',
  } as unknown as Http;
  return { http, upload, finish: (ok) => settle(ok) };
}

interface Case {
  readonly value?: string;
  readonly props?: Readonly<Record<string, unknown>>;
  readonly disabled?: boolean;
  readonly cell?: boolean;
}

function renderMarkdown(c: Case = {}) {
  const fake = fakeHttp();
  const renderer = builtinRegistry().get('markdown')!;
  const Widget = c.cell ? renderer.cell! : renderer.field;
  let current: unknown = c.value;
  const host: Partial<FieldWidgetProps> = c.cell
    ? { 'aria-label': '说明', autoFocus: true, size: 'small' }
    : { field: fieldOf({ type: 'markdown', label: '说明', props: c.props }) };
  function Host() {
    const [value, setValue] = useState<unknown>(c.value ?? '');
    return (
      <Widget
        {...(c.props ?? {})}
        {...host}
        value={value}
        disabled={c.disabled}
        onChange={(next) => {
          current = next;
          setValue(next);
        }}
      />
    );
  }
  const view = render(
    <WithServices http={fake.http}>
      <App>
        <Host />
      </App>
    </WithServices>,
  );
  return {
    ...view,
    ...fake,
    value: () => current,
    user: userEvent.setup({ delay: null, applyAccept: false }),
  };
}

function source(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: '说明' });
}

function select(start: number, end: number) {
  source().setSelectionRange(start, end);
}

const TOOLBAR = [
  '标题',
  '加粗',
  '斜体',
  '删除线',
  '引用',
  '行内代码',
  '代码块',
  '链接',
  '无序列表',
  '有序列表',
  '表格',
  '分割线',
  '图片上传',
  '预览',
  '全屏',
];

describe('the markdown catalogue entry', () => {
  it('stores the source as text: 300 px high by default, never under 200, uploads to temp', () => {
    expect(markdownEntry.title).toBe('Markdown');
    expect(markdownEntry.value).toBe('string');
    expect(markdownEntry.queryRule).toBe('like');
    expect(markdownEntry.grid).toEqual({ width: 200, text: 'display' });
    expect(markdownEntry.props.defaults).toEqual({ height: 300, biz: 'temp' });
    expect(markdownEntry.props.read({ height: 150 }).height).toBe(300);
    expect(markdownEntry.props.read({ height: 240 }).height).toBe(240);
  });
});

describe('toolbar edits (pure)', () => {
  it('wraps the selection in marks and selects the wrapped text; wrapping again unwraps', () => {
    expect(applyMarkdownAction('hello world', 6, 11, 'bold')).toEqual({
      text: 'hello **world**',
      start: 8,
      end: 13,
    });
    expect(applyMarkdownAction('hello **world**', 8, 13, 'bold')).toEqual({
      text: 'hello world',
      start: 6,
      end: 11,
    });
    expect(applyMarkdownAction('a b', 2, 3, 'italic').text).toBe('a *b*');
    expect(applyMarkdownAction('a b', 2, 3, 'strike').text).toBe('a ~~b~~');
    expect(applyMarkdownAction('a b', 2, 3, 'code').text).toBe('a `b`');
  });

  it('puts a selected placeholder where nothing is selected', () => {
    expect(applyMarkdownAction('ab', 1, 1, 'bold')).toEqual({
      text: 'a**粗体文字**b',
      start: 3,
      end: 7,
    });
  });

  it('prefixes every line the selection touches', () => {
    expect(applyMarkdownAction('one\ntwo\nthree', 1, 6, 'ol').text).toBe('1. one\n2. two\nthree');
    expect(applyMarkdownAction('one\ntwo', 0, 7, 'ul').text).toBe('- one\n- two');
    expect(applyMarkdownAction('one\ntwo', 5, 5, 'heading')).toEqual({
      text: 'one\n## two',
      start: 8,
      end: 8,
    });
    expect(applyMarkdownAction('said', 0, 4, 'quote').text).toBe('> said');
  });

  it('puts blocks on lines of their own', () => {
    expect(applyMarkdownAction('ab', 1, 1, 'hr').text).toBe('a\n---\nb');
    const block = applyMarkdownAction('x\nlet a', 2, 7, 'codeBlock');
    expect(block.text).toBe('x\n```\nlet a\n```');
    expect(block.text.slice(block.start, block.end)).toBe('let a');
    const table = applyMarkdownAction('', 0, 0, 'table');
    expect(table.text.split('\n')[1]).toBe('| --- | --- | --- |');
    expect(table.text.slice(table.start, table.end)).toBe('列1');
  });

  it('makes a link of the selection and selects its address', () => {
    const link = applyMarkdownAction('see docs', 4, 8, 'link');
    expect(link.text).toBe('see [docs](https://)');
    expect(link.text.slice(link.start, link.end)).toBe('https://');
  });

  it('writes an image with its remark as the alt text, escaped', () => {
    expect(imageMarkdown('https://x.example/a b.png', '图 [1]')).toBe(
      '![图 \\[1\\]](https://x.example/a%20b.png)',
    );
  });

  it('reads markdown as plain text for cells', () => {
    expect(markdownPlainText('# 标题\n\n**粗** [链接](https://a) ![图](x.png)\n- 一')).toBe(
      '标题\n粗 链接 图\n一',
    );
  });
});

describe('the markdown field', () => {
  it('has every toolbar button, named in Chinese', () => {
    renderMarkdown();
    const bar = screen.getByRole('toolbar');
    const names = within(bar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(TOOLBAR);
  });

  it('wraps the selection with 加粗 and keeps it selected', async () => {
    const { user, value } = renderMarkdown({ value: 'hello world' });
    select(6, 11);
    await user.click(screen.getByRole('button', { name: '加粗' }));
    expect(value()).toBe('hello **world**');
    expect([source().selectionStart, source().selectionEnd]).toEqual([8, 13]);
    await user.click(screen.getByRole('button', { name: '加粗' }));
    expect(value()).toBe('hello world');
  });

  it('makes the selected lines a list with 无序列表 and a link with 链接', async () => {
    const { user, value } = renderMarkdown({ value: 'one\ntwo' });
    select(0, 7);
    await user.click(screen.getByRole('button', { name: '无序列表' }));
    expect(value()).toBe('- one\n- two');
    select(2, 5);
    await user.click(screen.getByRole('button', { name: '链接' }));
    expect(value()).toBe('- [one](https://)\n- two');
    expect(source().value.slice(source().selectionStart, source().selectionEnd)).toBe('https://');
  });

  it('holds the source typed', async () => {
    const { user, value } = renderMarkdown();
    await user.type(source(), '# 你好');
    expect(value()).toBe('# 你好');
  });

  it('previews the source through the sanitiser, beside it; 预览 hides and shows it', async () => {
    const { user } = renderMarkdown({ value: 'x <script>alert(1)</script>' });
    const preview = await screen.findByLabelText('预览', { selector: '.markdown-view' });
    await waitFor(() => expect(preview.querySelector('p.sanitised')).not.toBeNull());
    expect(vi.mocked(markdownToSafeHtml)).toHaveBeenCalledWith('x <script>alert(1)</script>');
    expect(preview.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: '预览' }));
    expect(document.querySelector('.markdown-view')).toBeNull();
    await user.click(screen.getByRole('button', { name: '预览' }));
    expect(document.querySelector('.markdown-view')).not.toBeNull();
  });

  it('shows stored images of the preview through signed URLs', async () => {
    renderMarkdown({ value: `![猫](/system/sys/common/static/${UPLOADED})` });
    await waitFor(() =>
      expect(document.querySelector('.markdown-view img')?.getAttribute('src')).toBe(
        `/system/sys/common/view/${UPLOADED}?sign=abc`,
      ),
    );
  });

  it('is 300 px high by default and never under 200', () => {
    renderMarkdown();
    const body = screen.getByTestId('markdown-body');
    expect(body.style.height).toBe('300px');
    expect(body.style.minHeight).toBe('200px');
  });

  it('takes a height of 200 or more from the props, and refuses less', () => {
    const { unmount } = renderMarkdown({ props: { height: 420 } });
    expect(screen.getByTestId('markdown-body').style.height).toBe('420px');
    unmount();
    renderMarkdown({ props: { height: 120 } });
    expect(screen.getByTestId('markdown-body').style.height).toBe('300px');
  });

  it('covers the window in fullscreen', async () => {
    const { user } = renderMarkdown();
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(document.querySelector('.markdown-editor')!.hasAttribute('data-fullscreen')).toBe(true);
    await user.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(document.querySelector('.markdown-editor')!.hasAttribute('data-fullscreen')).toBe(false);
  });

  it('cannot be edited when disabled', () => {
    renderMarkdown({ value: 'x', disabled: true });
    expect(source().disabled).toBe(true);
    expect(screen.getByRole('button', { name: '加粗' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '图片上传' })).toHaveProperty('disabled', true);
  });
});

async function openImageDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '图片上传' }));
  return screen.findByRole('dialog', { name: '图片上传' });
}

function okButton(dialog: HTMLElement): HTMLButtonElement {
  return within(dialog).getByRole('button', { name: /确\s*定/ });
}

describe('the 图片上传 dialog', () => {
  it('has the two tabs, each with a 备注', async () => {
    const { user } = renderMarkdown();
    const dialog = await openImageDialog(user);
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['本地图片上传', '网络图片地址']);
    expect(within(dialog).getByLabelText('备注')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: '网络图片地址' }));
    expect(within(dialog).getAllByLabelText('备注')).toHaveLength(2);
    expect(within(dialog).getByLabelText('图片地址')).toBeTruthy();
  });

  it('refuses a file that is not an image with 请上传图片', async () => {
    const { user, upload } = renderMarkdown();
    const dialog = await openImageDialog(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(okButton(dialog).disabled).toBe(true);
  });

  it('uploads one image with its progress and inserts ![备注](static url) at the cursor', async () => {
    const { user, upload, finish, value } = renderMarkdown({
      value: 'ab',
      props: { biz: 'notes' },
    });
    select(1, 1);
    const dialog = await openImageDialog(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['png'], 'cat.png', { type: 'image/png' }));
    expect(upload).toHaveBeenCalledTimes(1);
    const form = upload.mock.calls[0]![1] as FormData;
    expect(form.get('biz')).toBe('notes');
    expect(upload.mock.calls[0]![0]).toBe('/sys/common/upload');
    await waitFor(() =>
      expect(dialog.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('40'),
    );
    expect(okButton(dialog).disabled).toBe(true);
    await act(async () => finish(true));
    await waitFor(() => expect(okButton(dialog).disabled).toBe(false));
    await user.type(within(dialog).getByLabelText('备注'), '一只猫');
    await user.click(okButton(dialog));
    expect(value()).toBe(`a![一只猫](/system/sys/common/static/${UPLOADED})b`);
  });

  it('says {file name} 上传失败. when the upload fails', async () => {
    const { user, finish } = renderMarkdown();
    const dialog = await openImageDialog(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['png'], 'cat.png', { type: 'image/png' }));
    await act(async () => finish(false));
    expect(await screen.findByText('cat.png 上传失败.')).toBeTruthy();
    expect(okButton(dialog).disabled).toBe(true);
  });

  it('takes a network address only when it is http(s), with its remark as the alt text', async () => {
    const { user, value } = renderMarkdown({ value: '' });
    const dialog = await openImageDialog(user);
    await user.click(within(dialog).getByRole('tab', { name: '网络图片地址' }));
    const address = within(dialog).getByLabelText('图片地址');
    await user.type(address, 'javascript:alert(1)');
    expect(
      await within(dialog).findByText('请输入以 http:// 或 https:// 开头的图片地址'),
    ).toBeTruthy();
    expect(okButton(dialog).disabled).toBe(true);
    await user.clear(address);
    await user.type(address, 'ftp://files.example/a.png');
    expect(okButton(dialog).disabled).toBe(true);
    await user.clear(address);
    await user.type(address, 'https://img.example/a.png');
    expect(okButton(dialog).disabled).toBe(false);
    const remarks = within(dialog).getAllByLabelText('备注');
    await user.type(remarks[remarks.length - 1]!, '示例');
    await user.click(okButton(dialog));
    expect(value()).toBe('![示例](https://img.example/a.png)');
  });
});

describe('the markdown read-only views', () => {
  it('shows the sanitised HTML in a bordered box in detail views', async () => {
    renderDisplay({ type: 'markdown', value: '**粗体**', variant: 'detail' });
    await waitFor(() =>
      expect(
        document.querySelector('.markdown-detail .markdown-view p.sanitised')?.textContent,
      ).toBe('**粗体**'),
    );
  });

  it('shows the plain text, shortened, in cells', () => {
    const { text } = renderCellDisplay({
      type: 'markdown',
      value: '# 项目说明\n\n这是一个**很长很长**的说明文字，用来测试截断',
    });
    expect(text()).toBe('项目说明 这是一个很长很长...');
  });
});

describe('the markdown grid cell', () => {
  it('edits in a dialog when the grid opens the cell; OK writes the draft', async () => {
    const { user, value } = renderMarkdown({ value: 'a', cell: true });
    const dialog = await screen.findByRole('dialog', { name: '说明' });
    const area = within(dialog).getByRole('textbox', { name: '说明' });
    fireEvent.change(area, { target: { value: 'a **b**' } });
    expect(value()).toBe('a');
    await user.click(okButton(dialog));
    expect(value()).toBe('a **b**');
  });
});
