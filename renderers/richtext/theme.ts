import type { EditorThemeClasses } from 'lexical';

/** Class names of the editor's content (styled in richtext.css). */
export const RICHTEXT_THEME: EditorThemeClasses = {
  paragraph: 'sa-rt-p',
  quote: 'sa-rt-quote',
  heading: { h1: 'sa-rt-h1', h2: 'sa-rt-h2', h3: 'sa-rt-h3' },
  list: {
    ul: 'sa-rt-ul',
    ol: 'sa-rt-ol',
    listitem: 'sa-rt-li',
    nested: { listitem: 'sa-rt-li-nested' },
  },
  link: 'sa-rt-link',
  code: 'sa-rt-code',
  table: 'sa-rt-table',
  tableCell: 'sa-rt-td',
  tableCellHeader: 'sa-rt-th',
  text: {
    bold: 'sa-rt-bold',
    italic: 'sa-rt-italic',
    underline: 'sa-rt-underline',
    strikethrough: 'sa-rt-strike',
    underlineStrikethrough: 'sa-rt-underline-strike',
    code: 'sa-rt-inline-code',
  },
};
