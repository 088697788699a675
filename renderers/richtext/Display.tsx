import { useContext, useEffect, useMemo, useState } from 'react';
import type { DisplayProps } from '../../registry/types';
import { ServicesContext } from '../../registry/services';
import { fileClientFor } from '../../src/runtime/files';
import { safeHtml } from '../../src/runtime/html-sanitize';
import { signHtmlImages } from '../../src/runtime/html-images';
import { STATIC_PREFIX } from '../../src/contracts/files';
import { TextView } from '../shared/TextView';
import { htmlToText } from './html-text';
import './richtext-view.css';

/**
 * Rich text read-only (light: no editor code). In a list cell: its words, shortened, whole in a
 * tooltip. In a detail view: the HTML cleaned by `safeHtml` (never shown raw), its uploaded
 * images shown through signed URLs.
 */
export function RichtextDisplay(props: DisplayProps) {
  if (props.variant !== 'detail') {
    return <TextView text={htmlToText(props.value)} variant="cell" />;
  }
  return <RichtextView html={typeof props.value === 'string' ? props.value : ''} />;
}

/** Stored HTML shown safely, uploaded images signed (nothing of them drawn until they are). */
export function RichtextView({ html }: { readonly html: string }) {
  const services = useContext(ServicesContext);
  const http = services?.http;
  const clean = useMemo(() => safeHtml(html), [html]);
  const [signed, setSigned] = useState<{ readonly source: string; readonly html: string } | null>(
    null,
  );
  useEffect(() => {
    if (!http || !clean.includes(STATIC_PREFIX)) return;
    let live = true;
    const files = fileClientFor(http);
    void signHtmlImages(clean, (path) => files.viewUrl(path)).then((result) => {
      if (live) setSigned({ source: clean, html: result });
    });
    return () => {
      live = false;
    };
  }, [clean, http]);
  const needsSigning = http !== undefined && clean.includes(STATIC_PREFIX);
  const shown = !needsSigning ? clean : signed?.source === clean ? signed.html : null;
  if (clean === '') return null;
  return (
    <div
      className="sa-richtext-view"
      data-testid="richtext-view"
      aria-busy={shown === null}
      dangerouslySetInnerHTML={{ __html: shown ?? '' }}
    />
  );
}
