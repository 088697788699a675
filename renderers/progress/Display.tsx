import { Progress } from 'antd';
import type { DisplayProps } from '../../registry/types';
import { labelOf } from '../shared/a11y';
import { asNumber } from '../shared/values';
import { PERCENT, progressProps } from '../../src/contracts/catalogue/entries/progress';

/** A value as a percentage within 0–100, or null when empty or not a number. */
export function percentOf(value: unknown): number | null {
  const n = asNumber(value);
  return n === null ? null : Math.min(PERCENT.max, Math.max(PERCENT.min, n));
}

/** A small antd progress bar of the value (0–100); nothing when empty. */
export function ProgressDisplay(props: DisplayProps) {
  const p = progressProps.read(props);
  const percent = percentOf(props.value);
  if (percent === null) return null;
  return (
    <Progress
      percent={percent}
      size="small"
      showInfo={p.showInfo}
      strokeColor={p.strokeColor}
      aria-label={labelOf(props)}
      style={{ margin: 0, width: '100%' }}
    />
  );
}
