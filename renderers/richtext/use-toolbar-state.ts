import { useEffect, useState } from 'react';
import { $isCodeNode } from '@lexical/code';
import { $isLinkNode } from '@lexical/link';
import { $isListNode, ListNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import type { BlockKind } from './commands';

/** What the toolbar shows as pressed or enabled, from the selection. */
export interface ToolbarState {
  readonly block: BlockKind;
  readonly list: 'bullet' | 'number' | null;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly strikethrough: boolean;
  readonly link: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

const INITIAL: ToolbarState = {
  block: 'paragraph',
  list: null,
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  link: false,
  canUndo: false,
  canRedo: false,
};

function blockOf(anchor: LexicalNode): LexicalNode {
  let node = anchor;
  for (let parent = node.getParent(); parent && !$isRootOrShadowRoot(parent);) {
    node = parent;
    parent = node.getParent();
  }
  return node;
}

function $readSelection(): Omit<ToolbarState, 'canUndo' | 'canRedo'> | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? anchor : blockOf(anchor);
  const list = $getNearestNodeOfType(anchor, ListNode) ?? ($isListNode(top) ? top : null);
  let block: BlockKind = 'paragraph';
  if ($isHeadingNode(top)) {
    const tag = top.getTag();
    block = tag === 'h1' || tag === 'h2' || tag === 'h3' ? tag : 'paragraph';
  } else if ($isQuoteNode(top)) block = 'quote';
  else if ($isCodeNode(top)) block = 'code';
  const listType = list?.getListType();
  return {
    block,
    list: listType === 'bullet' || listType === 'number' ? listType : null,
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    strikethrough: selection.hasFormat('strikethrough'),
    link: $isLinkNode(anchor.getParent()) || $isLinkNode(anchor),
  };
}

/** The toolbar's state, kept in step with the editor. */
export function useToolbarState(editor: LexicalEditor): ToolbarState {
  const [state, setState] = useState<ToolbarState>(INITIAL);
  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($readSelection, { editor });
          if (next) setState((prev) => ({ ...prev, ...next }));
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (canUndo) => {
            setState((prev) => ({ ...prev, canUndo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (canRedo) => {
            setState((prev) => ({ ...prev, canRedo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );
  return state;
}
