import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $createTextNode, $getRoot, $isElementNode, type LexicalEditor } from 'lexical';
import { renderRichtext } from './richtext-support';

/**
 * The rich-text editor (widgets.md §2.7) in happy-dom: lexical runs, but typing into a
 * contenteditable does not (no beforeinput), so edits go through the toolbar or the editor.
 */

const TOOLS = [
  '撤销',
  '重做',
  '代码块',
  '加粗',
  '斜体',
  '下划线',
  '删除线',
  '左对齐',
  '居中对齐',
  '右对齐',
  '两端对齐',
  '无序列表',
  '有序列表',
  '增加缩进',
  '减少缩进',
  '链接',
  '图片',
  '媒体',
  '表格',
  '清除格式',
  '粘贴',
  '全屏',
];

function content(): HTMLElement {
  return document.querySelector<HTMLElement>('.sa-richtext-content')!;
}

function editorOf(): LexicalEditor {
  return (content() as unknown as { __lexicalEditor: LexicalEditor }).__lexicalEditor;
}

/** Selects all the text of the first block. */
function selectFirstBlock() {
  act(() => {
    editorOf().update(
      () => {
        const first = $getRoot().getFirstChild();
        if ($isElementNode(first)) first.select(0, first.getChildrenSize());
      },
      { discrete: true },
    );
  });
}

function lastHtml(onChange: { mock: { lastCall?: unknown[] } }): string {
  return String(onChange.mock.lastCall?.[0]);
}

describe('richtext field', () => {
  it('draws the Chinese toolbar over a 300 px editable area', async () => {
    renderRichtext();
    for (const label of TOOLS) expect(screen.getByRole('button', { name: label })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '段落格式' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.sa-richtext-scroll')!.style.height).toBe('300px');
    await waitFor(() => expect(content().getAttribute('contenteditable')).toBe('true'));
    expect(screen.getByText('请输入内容')).toBeTruthy();
  });

  it('takes its height and placeholder from props', () => {
    renderRichtext({ props: { height: 420, placeholder: '写点什么' } });
    expect(document.querySelector<HTMLElement>('.sa-richtext-scroll')!.style.height).toBe('420px');
    expect(screen.getByText('写点什么')).toBeTruthy();
  });

  it('shows a value and takes a new one from outside without echoing it', async () => {
    const view = renderRichtext({ value: '<p>你好 <b>世界</b></p><ul><li>一</li></ul>' });
    await waitFor(() => expect(content().textContent).toContain('你好 世界'));
    expect(content().querySelector('ul li')?.textContent).toBe('一');
    expect(content().querySelector('strong, b')?.textContent).toBe('世界');
    // (happy-dom's DOMPurify loses the first element's tag: lead with a paragraph.)
    view.setValue('<p>新</p><h2>外部</h2>');
    await waitFor(() => expect(content().querySelector('h2')?.textContent).toBe('外部'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.onChange).not.toHaveBeenCalled();
  });

  it('reads its value again when the page is shown again and the content no longer matches it', async () => {
    const view = renderRichtext({ value: '<p>原文</p>', ignoreChanges: true });
    await waitFor(() => expect(content().textContent).toBe('原文'));
    act(() => {
      editorOf().update(() => {
        const first = $getRoot().getFirstChild();
        if ($isElementNode(first)) first.append($createTextNode('改'));
      });
    });
    await waitFor(() => expect(view.onChange).toHaveBeenCalledTimes(1));
    expect(content().textContent).toBe('原文改');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(content().textContent).toBe('原文'));
  });

  it('gives an edit back as HTML: formatting, lists and links kept, no editor classes', async () => {
    const view = renderRichtext({
      value: '<p>你好 <b>世界</b></p><ul><li>一</li></ul><p><a href="https://a.cn/">链</a></p>',
    });
    await waitFor(() => expect(content().textContent).toContain('链'));
    act(() => {
      editorOf().update(() => {
        const last = $getRoot().getLastChild();
        if ($isElementNode(last)) last.append($createTextNode('！'));
      });
    });
    await waitFor(() => expect(view.onChange).toHaveBeenCalledTimes(1));
    const html = lastHtml(view.onChange);
    expect(html).toMatch(/<(b|strong)[^>]*>[^<]*(<span[^>]*>)?世界/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*>(<span[^>]*>)?一/);
    expect(html).toContain('href="https://a.cn/"');
    expect(html).toContain('！');
    expect(html).not.toContain('sa-rt-');
  });

  it('makes the selected text bold from the toolbar', async () => {
    const view = renderRichtext({ value: '<p>加粗我</p>' });
    await waitFor(() => expect(content().textContent).toBe('加粗我'));
    selectFirstBlock();
    await userEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(view.onChange).toHaveBeenCalled());
    expect(lastHtml(view.onChange)).toMatch(/<(b|strong)[^>]*>(<span[^>]*>)?加粗我/);
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns the block into a heading and a list', async () => {
    const view = renderRichtext({ value: '<p>标题</p>' });
    await waitFor(() => expect(content().textContent).toBe('标题'));
    selectFirstBlock();
    await userEvent.click(screen.getByRole('button', { name: '无序列表' }));
    await waitFor(() => expect(lastHtml(view.onChange)).toMatch(/<ul[^>]*><li/));
    expect(content().querySelector('ul li')?.textContent).toBe('标题');
  });

  it('inserts a 3×3 table', async () => {
    renderRichtext({ value: '<p>x</p>' });
    await waitFor(() => expect(content().textContent).toBe('x'));
    await userEvent.click(screen.getByRole('button', { name: '表格' }));
    await waitFor(() => expect(content().querySelectorAll('tr')).toHaveLength(3));
    expect(content().querySelectorAll('td, th')).toHaveLength(9);
  });

  it('inserts a link only for http(s), mailto or a relative address', async () => {
    const view = renderRichtext({ value: '<p>x</p>' });
    await waitFor(() => expect(content().textContent).toBe('x'));
    await userEvent.click(screen.getByRole('button', { name: '链接' }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByLabelText('链接地址');
    await userEvent.type(url, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(
      await within(dialog).findByText(
        '链接须以 http://、https://、mailto: 开头，或是本站的相对地址',
      ),
    ).toBeTruthy();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com/a');
    await userEvent.type(within(dialog).getByLabelText('显示文字'), '示例');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(lastHtml(view.onChange)).toContain('href="https://example.com/a"'));
    expect(lastHtml(view.onChange)).toContain('示例');
  });

  it('inserts a video as a [视频] link (the allow-list keeps no <video>)', async () => {
    const view = renderRichtext({ value: '<p>x</p>' });
    await waitFor(() => expect(content().textContent).toBe('x'));
    await userEvent.click(screen.getByRole('button', { name: '媒体' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('视频地址'), 'https://v.example.com/a.mp4');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(lastHtml(view.onChange)).toContain('href="https://v.example.com/a.mp4"'),
    );
    expect(lastHtml(view.onChange)).toContain('[视频] https://v.example.com/a.mp4');
    expect(lastHtml(view.onChange)).not.toContain('<video');
  });

  it('uploads a local image into biz and stores its static address, shown signed', async () => {
    const view = renderRichtext({ value: '<p>x</p>', props: { biz: 'news' } });
    await waitFor(() => expect(content().textContent).toBe('x'));
    await userEvent.click(screen.getByRole('button', { name: '图片' }));
    await screen.findByRole('dialog');
    const input = screen.getByTestId<HTMLInputElement>('richtext-image-input');
    const file = new File(['png'], 'photo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(view.onChange).toHaveBeenCalled());
    const form = view.files.uploads[0]!;
    expect(form.get('biz')).toBe('news');
    expect(form.get('jeditor')).toBe('1');
    expect(lastHtml(view.onChange)).toContain(
      '<img src="/system/sys/common/static/news/20261127/photo_1a2b3c4d5e6f.png"',
    );
    await waitFor(() =>
      expect(content().querySelector('img')?.getAttribute('src')).toBe(
        'http://localhost:3000/system/sys/common/static/news/20261127/photo_1a2b3c4d5e6f.png?sign=ok',
      ),
    );
  });

  it('says which image failed to upload', async () => {
    const { fakeFileHttp } = await import('./richtext-support');
    const view = renderRichtext({ value: '<p>x</p>', files: fakeFileHttp({ fail: '文件太大' }) });
    await waitFor(() => expect(content().textContent).toBe('x'));
    await userEvent.click(screen.getByRole('button', { name: '图片' }));
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByTestId('richtext-image-input'), {
      target: { files: [new File(['png'], '风景.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('风景.png 上传失败. 文件太大')).toBeTruthy();
    expect(view.onChange).not.toHaveBeenCalled();
  });

  it('pastes the clipboard as plain text, or says how to paste', async () => {
    const view = renderRichtext({ value: '<p>x</p>' });
    await waitFor(() => expect(content().textContent).toBe('x'));
    selectFirstBlock();
    const readText = vi.fn(async () => '<b>纯文本</b>');
    const clipboard = vi.spyOn(navigator, 'clipboard', 'get');
    clipboard.mockReturnValue({ readText } as unknown as Clipboard);
    await userEvent.click(screen.getByRole('button', { name: '粘贴' }));
    await waitFor(() => expect(lastHtml(view.onChange)).toContain('&lt;b&gt;纯文本&lt;/b&gt;'));
    readText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: '粘贴' }));
    expect(await screen.findByText('浏览器不允许读取剪贴板，请按 Ctrl+V 粘贴')).toBeTruthy();
    clipboard.mockRestore();
  });

  it('fills the window above the page in fullscreen; the button or Esc leaves', async () => {
    renderRichtext();
    const frame = screen.getByTestId('richtext-editor');
    expect(frame.style.position).toBe('');
    await userEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(frame.style.position).toBe('fixed');
    expect(frame.style.zIndex).toBe('999');
    await userEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(frame.style.zIndex).toBe('');
    await userEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(frame.style.zIndex).toBe('999');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(frame.style.zIndex).toBe('');
  });

  it('is read-only when disabled', async () => {
    renderRichtext({ value: '<p>只读</p>', disabled: true });
    await waitFor(() => expect(content().textContent).toBe('只读'));
    expect(content().getAttribute('contenteditable')).toBe('false');
    expect(screen.getByRole('button', { name: '加粗' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '图片' }).hasAttribute('disabled')).toBe(true);
  });
});
