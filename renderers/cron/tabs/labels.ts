import type { PartKey, PartMode } from '../cron-state';

/** The tab titles in expression order. */
export const TAB_TITLES: Readonly<Record<PartKey, string>> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** The unit shown beside a tab's numbers. */
export const UNITS: Readonly<Record<PartKey, string>> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/**
 * The modes each tab offers (widgets.md §4), in the order they are listed; 'custom' shows only
 * while the field read holds one (a list the other modes cannot show).
 */
export const TAB_MODES: Readonly<Record<PartKey, readonly PartMode[]>> = {
  second: ['every', 'range', 'loop', 'specific', 'custom'],
  minute: ['every', 'range', 'loop', 'specific', 'custom'],
  hour: ['every', 'range', 'loop', 'specific', 'custom'],
  day: [
    'every',
    'none',
    'range',
    'loop',
    'workday',
    'lastDay',
    'lastWorkday',
    'daysBeforeEnd',
    'specific',
    'custom',
  ],
  month: ['every', 'range', 'loop', 'specific', 'custom'],
  week: ['every', 'none', 'range', 'loop', 'lastWeekday', 'nth', 'specific', 'custom'],
  year: ['none', 'every', 'range', 'loop', 'specific', 'custom'],
};

/** Quartz weekday numbers 1…7 as the dialog shows them. */
export const WEEK_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** How a value of a tab reads: weekdays by name, other numbers as they are. */
export function valueLabel(key: PartKey, n: number): string {
  return key === 'week' ? (WEEK_NAMES[n - 1] ?? String(n)) : String(n);
}
