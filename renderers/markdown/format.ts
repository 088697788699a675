/**
 * The markdown toolbar's edits, pure: the source and its selection in, the new source and the
 * selection to restore out. Marks wrap the selection (or a placeholder, selected so typing
 * replaces it), and a selection already wrapped in the mark is unwrapped; line styles prefix
 * every line the selection touches; blocks go on lines of their own.
 */

export interface TextEdit {
  readonly text: string;
  /** Selection to restore: start and end offsets in `text`. */
  readonly start: number;
  readonly end: number;
}

export type MarkdownAction =
  | 'heading'
  | 'bold'
  | 'italic'
  | 'strike'
  | 'quote'
  | 'code'
  | 'codeBlock'
  | 'link'
  | 'ul'
  | 'ol'
  | 'table'
  | 'hr';

const MARKS = {
  bold: ['**', '粗体文字'],
  italic: ['*', '斜体文字'],
  strike: ['~~', '删除线文字'],
  code: ['`', 'code'],
} as const;

const LINE_PREFIXES = {
  heading: () => '## ',
  quote: () => '> ',
  ul: () => '- ',
  ol: (index: number) => `${index + 1}. `,
} as const;

export const TABLE_TEMPLATE = '| 列1 | 列2 | 列3 |\n| --- | --- | --- |\n|  |  |  |';

function wrap(
  source: string,
  start: number,
  end: number,
  mark: string,
  fallback: string,
): TextEdit {
  const before = source.slice(0, start);
  const after = source.slice(end);
  const selected = source.slice(start, end);
  if (selected !== '' && before.endsWith(mark) && after.startsWith(mark)) {
    return {
      text: before.slice(0, -mark.length) + selected + after.slice(mark.length),
      start: start - mark.length,
      end: end - mark.length,
    };
  }
  const inner = selected === '' ? fallback : selected;
  const at = start + mark.length;
  return { text: before + mark + inner + mark + after, start: at, end: at + inner.length };
}

function prefixLines(
  source: string,
  start: number,
  end: number,
  prefix: (index: number) => string,
): TextEdit {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const stop = end > start && source[end - 1] === '\n' ? end - 1 : end;
  const nextBreak = source.indexOf('\n', stop);
  const lineEnd = nextBreak === -1 ? source.length : nextBreak;
  const lines = source.slice(lineStart, lineEnd).split('\n');
  const block = lines.map((line, index) => prefix(index) + line).join('\n');
  const text = source.slice(0, lineStart) + block + source.slice(lineEnd);
  if (start === end && lines.length === 1) {
    const at = start + prefix(0).length;
    return { text, start: at, end: at };
  }
  return { text, start: lineStart, end: lineStart + block.length };
}

/** `block` on lines of its own at the selection (replacing it); `select` is inside `block`. */
function insertBlock(
  source: string,
  start: number,
  end: number,
  block: string,
  select: readonly [number, number],
): TextEdit {
  const before = source.slice(0, start);
  const after = source.slice(end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const at = before.length + lead.length;
  return {
    text: before + lead + block + trail + after,
    start: at + select[0],
    end: at + select[1],
  };
}

/** The source after a toolbar action on the selection `start`–`end`. */
export function applyMarkdownAction(
  source: string,
  start: number,
  end: number,
  action: MarkdownAction,
): TextEdit {
  const from = Math.max(0, Math.min(start, end, source.length));
  const to = Math.min(source.length, Math.max(start, end));
  const selected = source.slice(from, to);
  switch (action) {
    case 'bold':
    case 'italic':
    case 'strike':
    case 'code': {
      const [mark, fallback] = MARKS[action];
      return wrap(source, from, to, mark, fallback);
    }
    case 'heading':
    case 'quote':
    case 'ul':
    case 'ol':
      return prefixLines(source, from, to, LINE_PREFIXES[action]);
    case 'codeBlock': {
      const inner = selected === '' ? 'code' : selected;
      return insertBlock(source, from, to, `\`\`\`\n${inner}\n\`\`\``, [4, 4 + inner.length]);
    }
    case 'link': {
      const text = selected === '' ? '链接文字' : selected;
      const url = 'https://';
      const linked = `[${text}](${url})`;
      const at = from + text.length + 3;
      return {
        text: source.slice(0, from) + linked + source.slice(to),
        start: at,
        end: at + url.length,
      };
    }
    case 'table':
      return insertBlock(source, from, to, TABLE_TEMPLATE, [2, 4]);
    case 'hr':
      return insertBlock(source, from, to, '---', [3, 3]);
  }
}

/** Text put into markdown link or image brackets: `\`, `[` and `]` escaped, lines joined. */
function bracketText(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/[\\[\]]/g, (char) => `\\${char}`);
}

/** A URL inside `( )`: spaces and parentheses encoded so the link does not end early. */
function parenUrl(url: string): string {
  return url.trim().replace(/[ ()<>]/g, (char) => encodeURIComponent(char));
}

/** `![备注](url)`: the image of the 图片上传 dialog, with its remark as the alt text. */
export function imageMarkdown(url: string, remark: string): string {
  return `![${bracketText(remark)}](${parenUrl(url)})`;
}

/** `insert` put in place of the selection, the cursor after it. */
export function insertAt(source: string, start: number, end: number, insert: string): TextEdit {
  const from = Math.max(0, Math.min(start, end, source.length));
  const to = Math.min(source.length, Math.max(start, end));
  const at = from + insert.length;
  return { text: source.slice(0, from) + insert + source.slice(to), start: at, end: at };
}

/**
 * Markdown read as plain text (grid and list cells): images by their alt text, links by their
 * text, marks and line markers dropped.
 */
export function markdownPlainText(source: string): string {
  return source
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)/gm, '')
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_]/g, '$1$2')
    .replace(/^-{3,}\s*$/gm, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
