import { $createCodeNode } from '@lexical/code';
import { $createLinkNode } from '@lexical/link';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { INSERT_TABLE_COMMAND } from '@lexical/table';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  type LexicalEditor,
  type LexicalNode,
  type RangeSelection,
} from 'lexical';
import { $createImageNode } from './ImageNode';

/** The block formats of the 段落格式 menu, plus 代码块. */
export type BlockKind = 'paragraph' | 'h1' | 'h2' | 'h3' | 'quote' | 'code';

/** The selection, or a caret at the end of the content when the editor never had one. */
function $selection(): RangeSelection {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) return selection;
  return $getRoot().selectEnd();
}

/** Turns the selected blocks into `kind` (正文, 标题1–3, 引用, 代码块). */
export function setBlockKind(editor: LexicalEditor, kind: BlockKind): void {
  editor.update(() => {
    const selection = $selection();
    switch (kind) {
      case 'paragraph':
        $setBlocksType(selection, () => $createParagraphNode());
        break;
      case 'quote':
        $setBlocksType(selection, () => $createQuoteNode());
        break;
      case 'code':
        $setBlocksType(selection, () => $createCodeNode());
        break;
      default:
        $setBlocksType(selection, () => $createHeadingNode(kind));
    }
  });
}

/** 清除格式: the selected text loses bold, italic… and inline styles; blocks their alignment. */
export function clearFormatting(editor: LexicalEditor): void {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const nodes: LexicalNode[] = selection.isCollapsed() ? [] : selection.extract();
    for (const node of nodes) {
      if ($isTextNode(node)) {
        node.setFormat(0);
        node.setStyle('');
      }
      const block = $isElementNode(node) ? node : node.getParent();
      if (block && !block.isInline()) block.setFormat('');
    }
    selection.setFormat(0);
    selection.setStyle('');
  });
}

/** Inserts a link: around the selected text, or as the text itself at a caret. */
export function insertLink(editor: LexicalEditor, url: string, text: string): void {
  editor.update(() => {
    const selection = $selection();
    const label = text.trim() || (selection.isCollapsed() ? url : selection.getTextContent());
    const link = $createLinkNode(url);
    link.append($createTextNode(label));
    selection.insertNodes([link]);
  });
}

/** Inserts an image (its stored address) at the caret. */
export function insertImage(editor: LexicalEditor, src: string, alt = ''): void {
  editor.update(() => {
    $selection();
    $insertNodes([$createImageNode(src, alt)]);
  });
}

/**
 * Inserts a video by its address. The shared allow-list keeps no `<video>` (an HTML5 video
 * would be dropped on save), so the video goes in as a link `[视频] <url>`.
 */
export function insertVideo(editor: LexicalEditor, url: string): void {
  insertLink(editor, url, `[视频] ${url}`);
}

/** Inserts a 3×3 table (no header row). */
export function insertTable(editor: LexicalEditor): void {
  editor.update(() => {
    $selection();
  });
  editor.dispatchCommand(INSERT_TABLE_COMMAND, { rows: '3', columns: '3', includeHeaders: false });
}

/** Inserts text as it is (粘贴 as plain text). */
export function insertPlainText(editor: LexicalEditor, text: string): void {
  editor.update(() => {
    $selection().insertRawText(text);
  });
}
