import { createContext, lazy, useContext, type ComponentType } from 'react';
import type { CodeEditorProps, DiffViewProps } from './types';

/**
 * The code editor and the diff view the screen uses. The app gets monaco, loaded as its own
 * chunk the first time an editor shows; tests (monaco needs a real browser) and a failed
 * chunk load get the plain text ones.
 */
export interface CodeEditors {
  readonly Editor: ComponentType<CodeEditorProps>;
  readonly Diff: ComponentType<DiffViewProps>;
}

export const MONACO_EDITORS: CodeEditors = {
  Editor: lazy(() => import('./monaco/MonacoCodeEditor')),
  Diff: lazy(() => import('./monaco/MonacoDiffView')),
};

export const CodeEditorsContext = createContext<CodeEditors>(MONACO_EDITORS);

export function useCodeEditors(): CodeEditors {
  return useContext(CodeEditorsContext);
}
