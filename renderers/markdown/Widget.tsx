import type { FieldWidgetProps } from '../../registry/types';
import { markdownProps } from '../../src/contracts/catalogue/entries/markdown';
import { labelOf } from '../shared/a11y';
import { autoFocusOf } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { asText } from '../shared/values';
import { MarkdownEditor } from './MarkdownEditor';

/** `markdown`: the markdown source, held as typed (it is sanitised when shown). */
export function MarkdownWidget(props: FieldWidgetProps) {
  const p = markdownProps.read(props);
  return (
    <MarkdownEditor
      value={asText(props.value)}
      onChange={(text) => props.onChange?.(text)}
      onBlur={props.onBlur}
      height={p.height}
      biz={p.biz}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={placeholderOf(props, '请输入')}
      label={labelOf(props)}
      id={typeof props.id === 'string' ? props.id : undefined}
      autoFocus={autoFocusOf(props)}
    />
  );
}
