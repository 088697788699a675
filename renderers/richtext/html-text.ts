import { HTML_DROP_WITH_CONTENT } from '../../src/contracts/html-allow';

/** Elements after whose content a reader expects a break between words. */
const BREAKS = 'p,div,li,h1,h2,h3,h4,h5,h6,blockquote,pre,tr,td,th,br,figcaption,dt,dd';

/**
 * The words of stored rich text for a list cell or a tooltip: blocks and line breaks read as
 * spaces, images as `[图片]`, white space collapsed. The HTML is parsed into an inert template
 * (nothing in it loads or runs) and only its text is used; scripts and styles are dropped
 * with their text.
 */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const element of content.querySelectorAll(HTML_DROP_WITH_CONTENT.join(','))) {
    element.remove();
  }
  for (const img of content.querySelectorAll('img')) img.replaceWith(' [图片] ');
  for (const block of content.querySelectorAll(BREAKS)) block.append(' ');
  return (content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
