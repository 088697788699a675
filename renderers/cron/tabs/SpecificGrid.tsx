import { Checkbox } from 'antd';
import { PART_BOUNDS, type PartKey } from '../cron-state';
import { valueLabel } from './labels';

interface SpecificGridProps {
  readonly partKey: PartKey;
  readonly values: readonly number[];
  readonly disabled: boolean;
  readonly onChange: (values: number[]) => void;
}

/** The 指定 mode's grid: one checkbox per value of the tab's bounds. */
export function SpecificGrid({ partKey, values, disabled, onChange }: SpecificGridProps) {
  const [min, max] = PART_BOUNDS[partKey].value;
  const options = Array.from({ length: max - min + 1 }, (_, i) => ({
    value: min + i,
    label: valueLabel(partKey, min + i),
  }));
  return (
    <Checkbox.Group
      className={`cron-specific cron-specific-${partKey}`}
      value={[...values]}
      disabled={disabled}
      options={options}
      onChange={(checked) => onChange([...checked].sort((a, b) => a - b))}
    />
  );
}
