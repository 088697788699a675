import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodePaneProps } from '../../renderers/code-editor/pane';
import { monacoLanguageOf } from '../../renderers/code-editor/languages';
import { CODE_LANGUAGES, codeEditorEntry } from '../../src/contracts/catalogue/entries/code-editor';
import { renderCell, renderCellDisplay } from './cell-support';
import { renderDisplay, renderField } from './support';

/**
 * The code editor (widgets.md §2.3, §9). monaco needs a real browser, so the editor inside the
 * frame is a text area here that shows what the frame gives it (language, tab size, read-only);
 * the frame's own behaviour (languages, delay, fullscreen, height) is what is tested.
 */
vi.mock('../../renderers/code-editor/MonacoPane', () => ({
  default: (props: CodePaneProps) => (
    <textarea
      data-testid="monaco"
      aria-label={props.label}
      data-language={props.language}
      data-tab-size={props.tabSize}
      readOnly={props.readOnly}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value)}
    />
  ),
}));

afterEach(() => {
  vi.useRealTimers();
});

const CODE = 'const a = 1;\nconsole.log(a);';

async function editor(): Promise<HTMLTextAreaElement> {
  return (await screen.findByTestId('monaco')) as HTMLTextAreaElement;
}

function frame(): HTMLElement {
  return document.querySelector<HTMLElement>('.code-editor')!;
}

describe('the code editor catalogue entry', () => {
  it('offers exactly the modes of widgets.md §9, javascript by default', () => {
    expect([...CODE_LANGUAGES]).toEqual([
      'css',
      'javascript',
      'html',
      'java',
      'objective-c',
      'python',
      'r',
      'shell',
      'sql',
      'swift',
      'vue',
      'markdown',
    ]);
    expect(codeEditorEntry.title).toBe('代码编辑器');
    expect(codeEditorEntry.props.defaults).toEqual({
      language: 'javascript',
      languageChange: false,
      fullScreen: false,
      height: 240,
      zIndex: 999,
    });
    expect(codeEditorEntry.grid).toEqual({ width: 200, text: 'value' });
    expect(codeEditorEntry.queryRule).toBe('like');
  });

  it('colours vue as html (monaco has no vue mode), every other mode as itself', () => {
    expect(monacoLanguageOf('vue')).toBe('html');
    for (const mode of CODE_LANGUAGES.filter((m) => m !== 'vue')) {
      expect(monacoLanguageOf(mode)).toBe(mode);
    }
  });
});

describe('the code editor field', () => {
  it('puts the value into the editor 300 ms after it mounts', async () => {
    vi.useFakeTimers();
    renderField({ type: 'code-editor', value: CODE, label: '脚本' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const box = screen.getByTestId('monaco') as HTMLTextAreaElement;
    expect(box.value).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(box.value).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(box.value).toBe(CODE);
  });

  it('uses tab size 2, javascript and a 240 px body by default, named by the label', async () => {
    renderField({ type: 'code-editor', value: CODE, label: '脚本' });
    const box = await editor();
    expect(box.getAttribute('data-tab-size')).toBe('2');
    expect(box.getAttribute('data-language')).toBe('javascript');
    expect(box.getAttribute('aria-label')).toBe('脚本');
    expect(document.querySelector<HTMLElement>('.code-editor-body')!.style.height).toBe('240px');
  });

  it('takes its height and language from the props', async () => {
    renderField({ type: 'code-editor', props: { height: 400, language: 'sql' } });
    const box = await editor();
    expect(box.getAttribute('data-language')).toBe('sql');
    expect(document.querySelector<HTMLElement>('.code-editor-body')!.style.height).toBe('400px');
  });

  it('holds the text typed', async () => {
    const { value } = renderField({ type: 'code-editor', value: '' });
    const box = await editor();
    fireEvent.change(box, { target: { value: 'select 1' } });
    expect(value()).toBe('select 1');
  });

  it('is read-only when disabled', async () => {
    renderField({ type: 'code-editor', value: CODE, disabled: true });
    expect((await editor()).readOnly).toBe(true);
  });

  it('shows neither the language selector nor the fullscreen toggle by default', async () => {
    renderField({ type: 'code-editor', value: CODE });
    await editor();
    expect(screen.queryByRole('combobox', { name: '语言' })).toBeNull();
    expect(screen.queryByRole('button', { name: '全屏' })).toBeNull();
  });

  it('offers the 12 modes in the language selector, and a choice recolours the editor', async () => {
    const { user } = renderField({
      type: 'code-editor',
      value: CODE,
      props: { languageChange: true },
    });
    await editor();
    await user.click(screen.getByRole('combobox', { name: '语言' }));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map(
      (option) => option.getAttribute('title') ?? option.textContent,
    );
    expect(offered).toEqual([...CODE_LANGUAGES]);
    await user.click(screen.getByTitle('python'));
    await waitFor(async () =>
      expect((await editor()).getAttribute('data-language')).toBe('python'),
    );
    await user.click(screen.getByRole('combobox', { name: '语言' }));
    await user.type(screen.getByRole('combobox', { name: '语言' }), 'vue');
    await user.click(screen.getByTitle('vue'));
    await waitFor(async () => expect((await editor()).getAttribute('data-language')).toBe('html'));
  });

  it('covers the window at z-index 999 in fullscreen, and leaves it with the toggle or Esc', async () => {
    const { user } = renderField({ type: 'code-editor', value: CODE, props: { fullScreen: true } });
    await editor();
    expect(frame().style.position).toBe('');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(frame().style.position).toBe('fixed');
    expect(frame().style.zIndex).toBe('999');
    await user.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(frame().style.position).toBe('');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    // Esc leaves fullscreen only: a dialog around the editor does not hear it.
    const around = vi.fn();
    document.addEventListener('keydown', around);
    fireEvent.keyDown(await editor(), { key: 'Escape' });
    document.removeEventListener('keydown', around);
    expect(frame().style.position).toBe('');
    expect(around).not.toHaveBeenCalled();
  });

  it('uses the zIndex prop in fullscreen', async () => {
    const { user } = renderField({
      type: 'code-editor',
      value: CODE,
      props: { fullScreen: true, zIndex: 2000 },
    });
    await editor();
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(frame().style.zIndex).toBe('2000');
  });

  it('shows an odd value as an empty editor', async () => {
    vi.useFakeTimers();
    renderField({ type: 'code-editor', value: { not: 'text' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect((screen.getByTestId('monaco') as HTMLTextAreaElement).value).toBe('');
  });
});

describe('the code editor read-only views', () => {
  it('shows the whole code in a scrolling monospace <pre> in detail views', () => {
    const { container } = renderDisplay({ type: 'code-editor', value: CODE, variant: 'detail' });
    const pre = container.querySelector('pre')!;
    expect(pre.textContent).toBe(CODE);
    expect(pre.style.overflow).toBe('auto');
    expect(pre.style.maxHeight).toBe('320px');
    expect(pre.style.fontFamily).toContain('monospace');
  });

  it('shows one shortened line in cells', () => {
    const long = 'function add(a, b) {\n  return a + b;\n}';
    const { text, container } = renderCellDisplay({ type: 'code-editor', value: long });
    expect(container.querySelector('pre')).toBeNull();
    expect(text()).toBe('function add(a, b) { retu...');
  });
});

describe('the code editor grid cell', () => {
  it('opens the editor in a dialog when the grid opens the cell; OK writes the draft', async () => {
    const { user, value } = renderCell({ type: 'code-editor', value: 'a' });
    await screen.findByRole('dialog');
    const box = await editor();
    await waitFor(() => expect(box.value).toBe('a'));
    fireEvent.change(box, { target: { value: 'a + b' } });
    expect(value()).toBe('a');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(value()).toBe('a + b');
  });

  it('drops the draft on cancel', async () => {
    const { user, value } = renderCell({ type: 'code-editor', value: 'a' });
    const box = await editor();
    await waitFor(() => expect(box.value).toBe('a'));
    fireEvent.change(box, { target: { value: 'changed' } });
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(value()).toBe('a');
  });
});
