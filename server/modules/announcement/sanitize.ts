import { sanitizeHtml } from '../../http/html-sanitize';

export { plainText } from '../../http/html-sanitize';

/**
 * Announcement HTML, cleaned on save and again on display (rows written before a rule
 * tightened, or straight into the database, are never shown raw) with the shared allow-list.
 */
export function sanitizeContent(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(html);
}
