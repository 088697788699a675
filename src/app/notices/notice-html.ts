import { safeHtml } from '../../runtime/html-sanitize';

/**
 * Notice HTML as the detail shows it. The server already cleaned it (server/http/html-sanitize.ts);
 * the browser cleans it again with the same allow-list (src/contracts/html-allow.ts), so a row
 * that reached the database another way is never shown raw.
 */
export function noticeHtml(html: string | null | undefined): string {
  return safeHtml(html);
}
