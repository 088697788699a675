import type { RendererComponents } from '../../registry/types';
import { CodeEditorCell } from './Cell';
import { CodeEditorDisplay } from './Display';
import { CodeEditorWidget } from './Widget';

/**
 * `code-editor` (widgets.md §2.3, §9): source code in monaco, which loads (one chunk with the
 * page editor's) the first time an editor shows; read-only views are a `<pre>`.
 */
export const codeEditorRenderer: RendererComponents = {
  field: CodeEditorWidget,
  display: CodeEditorDisplay,
  cell: CodeEditorCell,
};

export default codeEditorRenderer;
