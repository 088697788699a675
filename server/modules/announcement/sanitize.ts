import sanitizeHtml from 'sanitize-html';

/**
 * Announcement HTML, cleaned with sanitize-html on save and again on display (rows written
 * before a rule tightened, or straight into the database, are never shown raw). Rich-text
 * formatting, links, images and tables stay; scripts, event handlers, styles sheets, frames
 * and `javascript:` urls go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size', 'face'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|pt|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^[a-z\s-]+$/],
    },
  },
  disallowedTagsMode: 'discard',
};

/** Safe HTML for an announcement's content. */
export function sanitizeContent(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Plain text (titles, abstracts): every tag removed, text kept. `<` and `>` stay encoded so
 * the text never becomes markup again; other entities the cleaner writes are turned back.
 */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
