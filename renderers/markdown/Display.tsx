import type { DisplayProps } from '../../registry/types';
import { labelOf } from '../shared/a11y';
import { TextView } from '../shared/TextView';
import { asText } from '../shared/values';
import { markdownPlainText } from './format';
import { MarkdownView } from './MarkdownView';

/**
 * Markdown read-only: in cells its plain text, shortened; in detail views the sanitised HTML
 * (stored images through signed URLs) in a bordered box that scrolls past 480 px.
 */
export function MarkdownDisplay(props: DisplayProps) {
  const source = asText(props.value);
  if (props.variant !== 'detail') {
    return <TextView text={markdownPlainText(source)} variant="cell" />;
  }
  if (source === '') return null;
  return (
    <div className="markdown-detail">
      <MarkdownView source={source} label={labelOf(props)} />
    </div>
  );
}
