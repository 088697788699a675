import type { DisplayProps } from '../../registry/types';
import { TextView } from '../shared/TextView';
import { asText } from '../shared/values';

/** Code read-only: one shortened line in cells, the whole text in a scrolling `<pre>` in detail views. */
export function CodeEditorDisplay(props: DisplayProps) {
  const text = asText(props.value);
  if (props.variant !== 'detail') return <TextView text={text} variant="cell" />;
  if (text === '') return null;
  return (
    <pre
      style={{
        margin: 0,
        padding: '8px 12px',
        maxHeight: 320,
        overflow: 'auto',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        whiteSpace: 'pre',
      }}
    >
      {text}
    </pre>
  );
}
