/**
 * The one HTML allow-list: what rich text (lexical's HTML export), markdown (marked's output)
 * and announcement content may hold. The server's sanitize-html and the browser's DOMPurify are
 * both configured from this file (server/http/html-sanitize.ts, src/runtime/html-sanitize.ts),
 * so content cleaned on save and cleaned again on show passes the same rules. Anything not
 * listed goes: tags, attributes, url schemes, style properties.
 */

/** Elements kept (lower case). Formatting, headings, lists, tables, links, images, code. */
export const HTML_TAGS: readonly string[] = [
  // blocks
  'p',
  'div',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  // lists
  'ul',
  'ol',
  'li',
  // tables
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  // inline formatting
  'a',
  'span',
  'font',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'small',
  'code',
  'kbd',
  'samp',
  'var',
  'abbr',
  'q',
  'cite',
  'wbr',
  // media
  'img',
];

/**
 * Elements removed together with everything inside them (their text would be code, styles or
 * foreign markup, never something to read). Other refused elements go but keep their text.
 */
export const HTML_DROP_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'title',
  'head',
  'textarea',
  'select',
  'option',
];

/**
 * Attributes every kept element may carry. `style` is then filtered declaration by declaration;
 * `data-lexical-indent` is how lexical reads an indent back (its `calc()` padding does not parse).
 */
export const HTML_GLOBAL_ATTRIBUTES: readonly string[] = [
  'class',
  'title',
  'style',
  'dir',
  'align',
  'data-lexical-indent',
];

/** Attributes whose value must have a shape (others hold plain text, urls and styles aside). */
const HTML_ATTRIBUTE_VALUES: Readonly<Record<string, RegExp>> = {
  'data-lexical-indent': /^\d{1,2}$/,
  dir: /^(?:ltr|rtl|auto)$/i,
  target: /^(?:_blank|_self)$/,
};

/** Whether an attribute's value has the shape the allow-list asks of it. */
export function isAllowedAttributeValue(attr: string, value: string): boolean {
  const shape = Object.hasOwn(HTML_ATTRIBUTE_VALUES, attr)
    ? HTML_ATTRIBUTE_VALUES[attr]
    : undefined;
  return shape === undefined || shape.test(value);
}

/** Attributes particular elements may carry besides the global ones. */
export const HTML_TAG_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  font: ['color', 'size', 'face'],
  table: ['border', 'cellpadding', 'cellspacing', 'width'],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  td: ['colspan', 'rowspan', 'width', 'valign'],
  th: ['colspan', 'rowspan', 'width', 'valign', 'scope'],
  ol: ['start', 'type', 'reversed'],
  li: ['value'],
  abbr: ['title'],
};

/** Whether `attr` may stay on `tag` (both lower case); url and style values are checked apart. */
export function isAllowedAttribute(tag: string, attr: string): boolean {
  return (
    HTML_GLOBAL_ATTRIBUTES.includes(attr) || (HTML_TAG_ATTRIBUTES[tag]?.includes(attr) ?? false)
  );
}

/** Attributes whose value is a url, checked by `isAllowedUrl`. */
export const HTML_URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** Schemes an `href` may use: web pages, mail, phone. */
export const HREF_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** Schemes an `src` (images) may use. */
export const SRC_SCHEMES: readonly string[] = ['http', 'https'];

/**
 * Inline images pasted into the editor (screenshots): raster types only, base64 only. Never
 * `data:image/svg+xml` (script inside SVG) nor `data:text/html`.
 */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp);base64,[a-z0-9+/]+=*$/i;

/**
 * Whether a url may stay in `attr` (`href` or `src`). Kept: http(s) (mailto and tel in links)
 * and relative paths of this site (`/system/sys/common/static/…`, `img/a.png`, `#part`);
 * `data:` raster images in `src`. Refused: any other scheme (`javascript:`, `vbscript:`,
 * `data:text/html`…), protocol-relative `//host`, backslashes, and any whitespace or control
 * character (browsers drop tabs and newlines inside a scheme: `jav&#x09;ascript:` runs).
 * `value` is the attribute as parsed, with entities already decoded.
 */
export function isAllowedUrl(attr: string, value: string): boolean {
  const url = value.trim();
  if (url === '') return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(url)) return false;
  if (attr === 'src' && DATA_IMAGE.test(url)) return true;
  const scheme = /^([^/?#]*?):/.exec(url);
  if (scheme) {
    const allowed = attr === 'href' ? HREF_SCHEMES : attr === 'src' ? SRC_SCHEMES : [];
    return allowed.includes(scheme[1]!.toLowerCase()) && /^[a-z][a-z0-9+.-]*$/i.test(scheme[1]!);
  }
  return !url.startsWith('//');
}

const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*[\d.]+%?\s*(?:[,\s]\s*[\d.]+%?\s*){2}(?:[,/]\s*[\d.]+%?\s*)?\)$/i,
  /^hsla?\(\s*[\d.]+(?:deg)?\s*(?:[,\s]\s*[\d.]+%\s*){2}(?:[,/]\s*[\d.]+%?\s*)?\)$/i,
  /^[a-z]+$/i,
];
const LENGTH = /^(?:0|\d+(?:\.\d+)?(?:px|pt|em|rem|%))$/i;
/** lexical writes indents as `calc(2 * var(--lexical-indent-base-value, 40px))` or `calc(2 * 40px)`. */
const INDENT_CALC =
  /^calc\(\s*\d+(?:\.\d+)?\s*\*\s*(?:\d+(?:\.\d+)?px|var\(\s*--lexical-indent-base-value\s*,\s*\d+(?:\.\d+)?px\s*\))\s*\)$/i;
const SIZE = [LENGTH, /^auto$/i];
const INDENT = [LENGTH, INDENT_CALC];

/**
 * Inline style properties kept, each with the value shapes it may take. No `url(`, no
 * `expression(`, no `behavior`, no `position`: nothing that loads, runs or covers the page.
 */
export const HTML_STYLES: Readonly<Record<string, readonly RegExp[]>> = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'font-size': [LENGTH, /^(?:xx-small|x-small|small|medium|large|x-large|xx-large)$/i],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'font-family': [/^[\w\s,'"\-\u4e00-\u9fff]+$/],
  'text-decoration': [
    /^(?:none|underline|line-through|overline)(?:\s+(?:underline|line-through|overline))*$/i,
  ],
  'white-space': [/^(?:normal|nowrap|pre|pre-wrap|pre-line)$/i],
  'vertical-align': [/^(?:top|middle|bottom|baseline|sub|super)$/i],
  'line-height': [LENGTH, /^\d+(?:\.\d+)?$/, /^normal$/i],
  'text-indent': INDENT,
  'padding-left': INDENT,
  'padding-inline-start': INDENT,
  'margin-left': INDENT,
  width: SIZE,
  height: SIZE,
  border: [
    /^(?:none|0|\d+(?:\.\d+)?px\s+(?:solid|dashed|dotted|double)(?:\s+(?:#[0-9a-f]{3,8}|[a-z]+))?)$/i,
  ],
  'border-collapse': [/^(?:collapse|separate)$/i],
};

/** Whether one style declaration may stay (`prop` lower case, `value` trimmed). */
export function styleAllowed(prop: string, value: string): boolean {
  const shapes = Object.hasOwn(HTML_STYLES, prop) ? HTML_STYLES[prop] : undefined;
  return shapes !== undefined && shapes.some((shape) => shape.test(value));
}

/**
 * A style attribute with only the allowed declarations, written `prop:value;prop:value` (the
 * way sanitize-html writes it), or '' when none is left. Declarations are split on `;`: no kept
 * value can hold a `;`, quote-balanced or not, so a split inside one only drops it.
 */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const prop = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (styleAllowed(prop, value)) kept.push(`${prop}:${value}`);
  }
  return kept.join(';');
}
