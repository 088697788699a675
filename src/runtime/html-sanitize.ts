import DOMPurify, { type Config, type UponSanitizeAttributeHook } from 'dompurify';
import {
  HTML_DROP_WITH_CONTENT,
  HTML_GLOBAL_ATTRIBUTES,
  HTML_TAGS,
  HTML_TAG_ATTRIBUTES,
  HTML_URL_ATTRIBUTES,
  filterStyle,
  isAllowedAttribute,
  isAllowedAttributeValue,
  isAllowedUrl,
} from '../contracts/html-allow';

/**
 * The browser's HTML cleaner (DOMPurify), built from the shared allow-list
 * (src/contracts/html-allow.ts) that the server's sanitize-html uses too. Whatever the server
 * stored is cleaned again before it is shown.
 */

const ALL_ATTRIBUTES = [
  ...new Set([...HTML_GLOBAL_ATTRIBUTES, ...Object.values(HTML_TAG_ATTRIBUTES).flat()]),
];

const CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  FORBID_CONTENTS: [...HTML_DROP_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

/** Per-tag attributes, urls and style declarations, as the contract says. */
const checkAttribute: UponSanitizeAttributeHook = (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const name = data.attrName;
  if (!isAllowedAttribute(tag, name) || !isAllowedAttributeValue(name, data.attrValue)) {
    data.keepAttr = false;
  } else if (HTML_URL_ATTRIBUTES.includes(name)) {
    if (isAllowedUrl(name, data.attrValue)) data.attrValue = data.attrValue.trim();
    else data.keepAttr = false;
  } else if (name === 'style') {
    data.attrValue = filterStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  }
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance of our own, so our hook never runs for another caller's config. */
function instance(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('uponSanitizeAttribute', checkAttribute);
  }
  return purifier;
}

/** Safe HTML to show: only the allow-list's tags, attributes, urls and styles are left. */
export function safeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return instance().sanitize(html, CONFIG);
}

/**
 * Markdown as safe HTML: marked (which does not sanitise: raw HTML and `javascript:` links pass
 * through it) and then `safeHtml`. marked is imported here, lazily, so it stays out of the first
 * screen's bundle.
 */
export async function markdownToSafeHtml(markdown: string | null | undefined): Promise<string> {
  if (!markdown) return '';
  const { marked } = await import('marked');
  const html = await marked.parse(markdown, { async: true, gfm: true });
  return safeHtml(html);
}
