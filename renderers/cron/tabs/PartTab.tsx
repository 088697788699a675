import { Radio } from 'antd';
import type { ReactNode } from 'react';
import {
  DAYS_BEFORE_EOM_BOUND,
  NEAREST_WEEKDAY_BOUND,
  NTH_BOUND,
  PART_BOUNDS,
  type PartKey,
  type PartMode,
  type PartState,
} from '../cron-state';
import { CronNumber } from './NumberBox';
import { SpecificGrid } from './SpecificGrid';
import { TAB_MODES, UNITS } from './labels';

interface PartTabProps {
  readonly partKey: PartKey;
  readonly state: PartState;
  readonly onChange: (state: PartState) => void;
  /** 不指定 is refused while the other of day and week is 不指定 too (widgets.md §4). */
  readonly noneDisabled?: boolean;
}

/** One tab of the builder: its modes as radios, each with its own inputs (widgets.md §4, §5). */
export function PartTab({ partKey, state, onChange, noneDisabled }: PartTabProps) {
  const b = PART_BOUNDS[partKey];
  const unit = UNITS[partKey];
  const set = (patch: Partial<PartState>) => onChange({ ...state, ...patch });
  const num = (
    field: keyof PartState,
    bound: readonly [number, number],
    label: string,
    mode: PartMode,
    weekday = true,
  ) => (
    <CronNumber
      partKey={partKey}
      label={label}
      value={state[field] as number}
      bound={bound}
      weekday={weekday}
      disabled={state.mode !== mode}
      onChange={(n) => set({ [field]: n })}
    />
  );
  const rows: Record<PartMode, () => ReactNode> = {
    every: () => <>每{unit === '日' ? '天' : unit}</>,
    none: () => <>{partKey === 'year' ? '不填' : '不指定'}</>,
    range: () => (
      <>
        周期 从 {num('rangeStart', b.rangeStart, '周期开始', 'range')} -{' '}
        {num('rangeEnd', b.value, '周期结束', 'range')} {unit}
      </>
    ),
    loop: () => (
      <>
        从 {num('incrementStart', b.start, '开始', 'loop')} {unit}开始，每{' '}
        {num('incrementIncrement', b.interval, '间隔', 'loop', false)} {unit}执行一次
      </>
    ),
    workday: () => (
      <>
        每月 {num('nearestWeekday', NEAREST_WEEKDAY_BOUND, '最近工作日', 'workday')}{' '}
        号最近的那个工作日
      </>
    ),
    lastDay: () => <>本月最后一天</>,
    lastWorkday: () => <>本月最后一个工作日</>,
    daysBeforeEnd: () => (
      <>
        本月最后一天前 {num('daysBeforeEom', DAYS_BEFORE_EOM_BOUND, '月末前天数', 'daysBeforeEnd')}{' '}
        天
      </>
    ),
    lastWeekday: () => (
      <>本月最后一个 {num('lastSpecificDomDay', b.value, '最后一个星期几', 'lastWeekday')}</>
    ),
    nth: () => (
      <>
        本月第 {num('nthNth', NTH_BOUND, '第几周', 'nth', false)} 周的{' '}
        {num('nthDay', b.value, '星期几', 'nth')}
      </>
    ),
    specific: () => <>指定</>,
    custom: () => <>自定义 {state.custom}</>,
  };
  return (
    <Radio.Group
      className="cron-part"
      value={state.mode}
      onChange={(e) => set({ mode: e.target.value as PartMode })}
    >
      {TAB_MODES[partKey]
        .filter((mode) => mode !== 'custom' || state.custom !== '')
        .map((mode) => (
          <div className="cron-part-row" key={mode}>
            <Radio value={mode} disabled={mode === 'none' && noneDisabled}>
              {rows[mode]()}
            </Radio>
            {mode === 'specific' ? (
              <SpecificGrid
                partKey={partKey}
                values={state.specific}
                disabled={state.mode !== 'specific'}
                onChange={(specific) => set({ specific })}
              />
            ) : null}
          </div>
        ))}
    </Radio.Group>
  );
}
