import { useCallback, useEffect, useRef } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isParagraphNode,
  $setSelection,
  BLUR_COMMAND,
  COMMAND_PRIORITY_LOW,
  HISTORY_MERGE_TAG,
  SKIP_DOM_SELECTION_TAG,
  type LexicalEditor,
  type LexicalNode,
  type ParagraphNode,
} from 'lexical';
import { safeHtml } from '../../src/runtime/html-sanitize';
import { EXPORTED_SRC } from './ImageNode';

/** Typing settles this long before the value goes out (a blur sends it at once). */
export const CHANGE_DELAY_MS = 200;

/** Marks an update that loads a value from outside: it is not sent back out. */
const LOAD_TAG = 'sa-richtext-load';

/**
 * The exported HTML as it is stored: without the editor's theme classes (`sa-rt-…`: they style
 * the editor only) and with images' `src` back from the attribute the export wrote it to
 * (ImageNode.exportDOM), worked on in an inert template so nothing loads.
 */
function storedHtml(html: string): string {
  if (!html.includes('sa-rt-') && !html.includes(EXPORTED_SRC)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('[class]')) {
    const kept = [...element.classList].filter((name) => !name.startsWith('sa-rt-'));
    if (kept.length > 0) element.className = kept.join(' ');
    else element.removeAttribute('class');
  }
  for (const image of template.content.querySelectorAll(`img[${EXPORTED_SRC}]`)) {
    // `src` first, as the export of any other editor would write it.
    const alt = image.getAttribute('alt');
    image.removeAttribute('alt');
    image.setAttribute('src', image.getAttribute(EXPORTED_SRC)!);
    image.removeAttribute(EXPORTED_SRC);
    if (alt !== null) image.setAttribute('alt', alt);
  }
  return template.innerHTML;
}

/** The editor's content as HTML; '' when it is one empty paragraph. */
export function readHtml(editor: LexicalEditor): string {
  return editor.read(() => {
    const root = $getRoot();
    const first = root.getFirstChild();
    if (
      root.getChildrenSize() <= 1 &&
      (first === null || ($isParagraphNode(first) && first.isEmpty()))
    ) {
      return '';
    }
    return storedHtml($generateHtmlFromNodes(editor));
  });
}

/** Appends imported nodes to the root: blocks as they are, runs of inline nodes in paragraphs. */
function $appendBlocks(nodes: readonly LexicalNode[]): void {
  const root = $getRoot();
  let paragraph: ParagraphNode | null = null;
  for (const node of nodes) {
    if (($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline()) {
      root.append(node);
      paragraph = null;
    } else {
      if (paragraph === null) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
}

/** Replaces the editor's content with `html` (cleaned first), outside the undo history. */
export function loadHtml(editor: LexicalEditor, html: string): void {
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      const clean = safeHtml(html);
      if (clean !== '') {
        const dom = new DOMParser().parseFromString(clean, 'text/html');
        $appendBlocks($generateNodesFromDOM(editor, dom));
      }
      if (root.getChildrenSize() === 0) root.append($createParagraphNode());
      $setSelection(null);
    },
    { tag: [LOAD_TAG, HISTORY_MERGE_TAG, SKIP_DOM_SELECTION_TAG], discrete: true },
  );
}

export interface ValuePluginProps {
  readonly value: string;
  readonly onChange: (html: string) => void;
  readonly editable: boolean;
  /** How long edits settle before they go out; 0 sends each at once. Default `CHANGE_DELAY_MS`. */
  readonly delay?: number;
}

/**
 * Value in and out. A value from outside (not the echo of what the editor sent) replaces the
 * content; edits go out as HTML after `CHANGE_DELAY_MS` (at once on blur and on unmount). When
 * the page or the editor comes back into view (a tab shown again), the value is read again
 * if the content no longer stands for it.
 */
export function ValuePlugin({
  value,
  onChange,
  editable,
  delay = CHANGE_DELAY_MS,
}: ValuePluginProps) {
  const [editor] = useLexicalComposerContext();
  /** The value the content stands for (loaded or sent). */
  const shown = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Edits not yet sent. */
  const dirty = useRef(false);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    const html = readHtml(editor);
    if (html === shown.current) return;
    shown.current = html;
    latest.current.onChange(html);
  }, [editor]);

  const reread = useCallback(() => {
    if (dirty.current || latest.current.value === shown.current) return;
    shown.current = latest.current.value;
    loadHtml(editor, latest.current.value);
  }, [editor]);

  // A value from outside wins over edits not yet sent.
  useEffect(() => {
    if (value === shown.current) return;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    dirty.current = false;
    shown.current = value;
    loadHtml(editor, value);
  }, [editor, value]);

  // Edits going out.
  useEffect(() => {
    const stopUpdates = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
      if (tags.has(LOAD_TAG) || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
      dirty.current = true;
      if (timer.current !== null) clearTimeout(timer.current);
      if (delay <= 0) flush();
      else timer.current = setTimeout(flush, delay);
    });
    const stopBlur = editor.registerCommand(
      BLUR_COMMAND,
      () => {
        flush();
        return false;
      },
      COMMAND_PRIORITY_LOW,
    );
    return () => {
      stopUpdates();
      stopBlur();
      flush();
    };
  }, [editor, flush, delay]);

  // Shown again: the page's tab, or the editor's own tab or collapse panel.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reread();
    };
    document.addEventListener('visibilitychange', onVisible);
    let observer: IntersectionObserver | null = null;
    const stopRoot = editor.registerRootListener((root) => {
      observer?.disconnect();
      observer = null;
      if (!root || typeof IntersectionObserver === 'undefined') return;
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reread();
      });
      observer.observe(root);
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stopRoot();
      observer?.disconnect();
    };
  }, [editor, reread]);

  useEffect(() => {
    editor.setEditable(editable);
  }, [editor, editable]);

  return null;
}
