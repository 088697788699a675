import type { DisplayProps } from '../../registry/types';
import { Tooltip } from 'antd';
import { ELLIPSIS_LENGTH, ellipsisText } from './ellipsis';
import { Ellipsis } from './Ellipsis';

export interface TextViewProps {
  readonly text: string;
  readonly variant?: DisplayProps['variant'];
  /** Cells: width units before '...' (0 = never). Default 25. */
  readonly ellipsis?: number;
}

/**
 * Read-only text: in a cell, long text is cut with '...' and shown whole in a tooltip; in a
 * detail view it is shown whole, line breaks kept.
 */
export function TextView({ text, variant = 'cell', ellipsis = ELLIPSIS_LENGTH }: TextViewProps) {
  if (text === '') return null;
  if (variant === 'detail') {
    return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>;
  }
  const line = text.replace(/\s*\n\s*/g, ' ');
  if (line === text) return <Ellipsis text={text} length={ellipsis} />;
  // A text of several lines shows on one line, the whole text (with its breaks) in the tooltip.
  const short = ellipsisText(line, ellipsis);
  return (
    <Tooltip title={text}>
      <span>{short}</span>
    </Tooltip>
  );
}
