import { marked } from 'marked';
import sanitize from 'sanitize-html';
import {
  HTML_DROP_WITH_CONTENT,
  HTML_TAGS,
  HTML_TAG_ATTRIBUTES,
  HTML_GLOBAL_ATTRIBUTES,
  HTML_URL_ATTRIBUTES,
  filterStyle,
  isAllowedAttributeValue,
  isAllowedUrl,
} from '../../src/contracts/html-allow';

/**
 * The server's HTML cleaner (sanitize-html), built from the shared allow-list
 * (src/contracts/html-allow.ts) that the browser's DOMPurify uses too. Rich text, markdown
 * output and announcement content are cleaned with it before they are stored and again
 * before they are sent (rows written around the API, or before a rule tightened).
 */

/** Urls and styles are checked by the contract's own rules before sanitize-html looks. */
function checkAttributes(tagName: string, attribs: sanitize.Attributes) {
  const kept: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (HTML_URL_ATTRIBUTES.includes(name)) {
      if (isAllowedUrl(name, value)) kept[name] = value.trim();
    } else if (name === 'style') {
      const style = filterStyle(value);
      if (style) kept[name] = style;
    } else if (isAllowedAttributeValue(name, value)) {
      kept[name] = value;
    }
  }
  return { tagName, attribs: kept };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_TAGS],
  allowedAttributes: {
    '*': [...HTML_GLOBAL_ATTRIBUTES],
    ...Object.fromEntries(
      Object.entries(HTML_TAG_ATTRIBUTES).map(([tag, list]) => [tag, [...list]]),
    ),
  },
  // isAllowedUrl already decided; these only keep sanitize-html from refusing what it allowed.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // Styles are filtered by filterStyle in checkAttributes, declaration by declaration.
  parseStyleAttributes: false,
  transformTags: { '*': checkAttributes },
  nonTextTags: [...HTML_DROP_WITH_CONTENT],
  disallowedTagsMode: 'discard',
};

/** Safe HTML: only the allow-list's tags, attributes, urls and styles are left. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * Markdown as safe HTML, the way the browser shows it (src/runtime/html-sanitize.ts): marked,
 * which does not sanitise, then `sanitizeHtml`.
 */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }));
}

/**
 * Plain text (titles, abstracts): every tag removed, text kept. `<` and `>` stay encoded so
 * the text never becomes markup again; other entities the cleaner writes are turned back.
 */
export function plainText(text: string): string {
  return sanitize(text, { allowedTags: [], allowedAttributes: {} })
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const TEXT_ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Text as its reader sees it, for places that are not HTML (spreadsheet cells): every tag
 * removed and the cleaner's entities decoded once (`&lt;b&gt;` reads `<b>`).
 */
export function readableText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => TEXT_ENTITIES[entity]!)
    .trim();
}
