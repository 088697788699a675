import { useContext, useEffect, useState, type CSSProperties } from 'react';
import { ServicesContext } from '../../registry/services';
import { fileClientFor } from '../../src/runtime/files';
import { signHtmlImages } from '../../src/runtime/html-images';
import './markdown.css';

/**
 * Markdown shown as safe HTML: `markdownToSafeHtml` (marked + DOMPurify, loaded on first use)
 * and stored images through signed URLs (an `<img>` cannot send the token). The HTML of the
 * last source stays while the next one is made, so the preview does not flicker as one types.
 * Without the host's services (no http client) stored images keep their src.
 */
export function useSafeMarkdown(source: string): string {
  const http = useContext(ServicesContext)?.http;
  const [html, setHtml] = useState('');
  useEffect(() => {
    let current = true;
    void (async () => {
      const { markdownToSafeHtml } = await import('../../src/runtime/html-sanitize');
      const safe = await markdownToSafeHtml(source);
      const files = http ? fileClientFor(http) : null;
      const shown = files ? await signHtmlImages(safe, (path) => files.viewUrl(path)) : safe;
      if (current) setHtml(shown);
    })().catch(() => {
      if (current) setHtml('');
    });
    return () => {
      current = false;
    };
  }, [source, http]);
  return html;
}

export interface MarkdownViewProps {
  readonly source: string;
  readonly style?: CSSProperties;
  readonly label?: string;
}

/** The rendered markdown (the editor's preview, detail views). */
export function MarkdownView({ source, style, label }: MarkdownViewProps) {
  const html = useSafeMarkdown(source);
  return (
    <div
      className="markdown-view"
      aria-label={label}
      style={style}
      // Sanitised by markdownToSafeHtml (the shared allow-list) just above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
