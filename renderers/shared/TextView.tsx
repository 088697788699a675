import { Tooltip } from 'antd';
import type { DisplayProps } from '../../registry/types';
import { cutText, ELLIPSIS_LENGTH } from './ellipsis';

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
  const short = cutText(text.replace(/\s*\n\s*/g, ' '), ellipsis);
  if (short === text) return <span>{text}</span>;
  return (
    <Tooltip title={text}>
      <span>{short}</span>
    </Tooltip>
  );
}
