import DOMPurify from 'dompurify';

/**
 * Notice HTML as the detail shows it. The server already cleaned it (sanitize-html, see
 * server/modules/announcement/sanitize.ts); the browser cleans it again with DOMPurify to the
 * same kinds of markup (formatting, links, images, tables), so a row that reached the
 * database another way is never shown raw.
 */
const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'svg',
  'math',
];

export function noticeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#|data:image\/(?:png|gif|jpe?g|webp);)/i,
    RETURN_TRUSTED_TYPE: false,
  });
  return clean;
}
