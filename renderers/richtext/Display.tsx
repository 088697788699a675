import { useContext, useMemo } from 'react';
import type { DisplayProps } from '../../registry/types';
import { ServicesContext } from '../../registry/services';
import { safeHtml } from '../../src/runtime/html-sanitize';
import { useSignedHtml } from '../../registry/use-signed-html';
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
