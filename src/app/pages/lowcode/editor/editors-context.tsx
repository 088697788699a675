import { createContext, lazy, useContext, type ComponentType } from 'react';
import type { CodeEditorProps, DiffViewProps, SqlEditorProps } from './types';

/**
 * The code editor, the diff view and the SQL editor the screens use. The app gets monaco, loaded as its own
 * chunk the first time an editor shows; tests (monaco needs a real browser) and a failed
 * chunk load get the plain text ones.
 */
export interface CodeEditors {
  readonly Editor: ComponentType<CodeEditorProps>;
  readonly Diff: ComponentType<DiffViewProps>;
  /** 报表配置's SQL editor. */
  readonly Sql: ComponentType<SqlEditorProps>;
}

export const MONACO_EDITORS: CodeEditors = {
  Editor: lazy(() => import('./monaco/MonacoCodeEditor')),
  Diff: lazy(() => import('./monaco/MonacoDiffView')),
  Sql: lazy(() => import('./monaco/MonacoSqlEditor')),
};

export const CodeEditorsContext = createContext<CodeEditors>(MONACO_EDITORS);

export function useCodeEditors(): CodeEditors {
  return useContext(CodeEditorsContext);
}
