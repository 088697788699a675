import { Tooltip } from 'antd';
import { ELLIPSIS_LENGTH, ellipsisText } from './ellipsis';

export interface EllipsisProps {
  readonly text: string;
  /** Width units before '...' (wide characters count 2; 0 = never cut). Default 25. */
  readonly length?: number;
}

/**
 * Text cut at `length` width units (widgets.md §9: 25, 12 in pickers) with the whole text in a
 * tooltip — only when it was cut.
 */
export function Ellipsis({ text, length = ELLIPSIS_LENGTH }: EllipsisProps) {
  const short = ellipsisText(text, length);
  if (short === text) return <span>{text}</span>;
  return (
    <Tooltip title={text}>
      <span>{short}</span>
    </Tooltip>
  );
}
