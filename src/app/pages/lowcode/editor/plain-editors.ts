import type { CodeEditors } from './editors-context';
import PlainCodeEditor from './PlainCodeEditor';
import PlainDiffView from './PlainDiffView';
import PlainSqlEditor from './PlainSqlEditor';

/** Text-area editors and text diff: tests, and the fallback when monaco cannot load. */
export const PLAIN_EDITORS: CodeEditors = {
  Editor: PlainCodeEditor,
  Diff: PlainDiffView,
  Sql: PlainSqlEditor,
};
