import { InputNumber, Select } from 'antd';
import { clamp, type Bound, type PartKey } from '../cron-state';
import { WEEK_NAMES } from './labels';

interface CronNumberProps {
  readonly partKey: PartKey;
  readonly value: number;
  readonly bound: Bound;
  readonly label: string;
  readonly disabled: boolean;
  readonly onChange: (n: number) => void;
  /** A weekday (the week tab's values, not its intervals): chosen by name. */
  readonly weekday?: boolean;
}

/** One whole number of a mode, kept inside its bound (widgets.md §5); weekdays by name. */
export function CronNumber(props: CronNumberProps) {
  const { value, bound, label, disabled, onChange } = props;
  if (props.weekday && props.partKey === 'week') {
    return (
      <Select
        size="small"
        aria-label={label}
        className="cron-weekday"
        value={value}
        disabled={disabled}
        onChange={(n: number) => onChange(n)}
        options={WEEK_NAMES.map((name, i) => ({ value: i + 1, label: name }))}
      />
    );
  }
  return (
    <InputNumber
      size="small"
      aria-label={label}
      min={bound[0]}
      max={bound[1]}
      precision={0}
      value={value}
      disabled={disabled}
      onChange={(n) => onChange(clamp(n ?? bound[0], bound))}
    />
  );
}
