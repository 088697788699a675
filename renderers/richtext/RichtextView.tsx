import { useContext, useMemo } from 'react';
import { ServicesContext } from '../../registry/services';
import { useSignedHtml } from '../../registry/use-signed-html';
import { safeHtml } from '../../src/runtime/html-sanitize';
import './richtext-view.css';

/** Stored HTML shown safely, uploaded images signed (nothing of them drawn until they are). */
export default function RichtextView({ html }: { readonly html: string }) {
  const services = useContext(ServicesContext);
  const clean = useMemo(() => safeHtml(html), [html]);
  const shown = useSignedHtml(services?.http, clean);
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
