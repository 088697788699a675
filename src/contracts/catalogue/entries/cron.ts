import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** widgets.md §2.4, §9: the builder dialog is 800 px wide (full) or 608 px (compact). */
export const CRON_DIALOG_WIDTH = { full: 800, compact: 608 } as const;

/**
 * Props of `cron` (widgets.md §2.4): a Quartz cron expression typed or built in a dialog with
 * one tab per part and a preview of the next ten times.
 */
export interface CronProps {
  /** `full`: 800 px with the week tab and year; `compact`: 608 px without the week tab. Default `full`. */
  readonly variant?: 'full' | 'compact';
  /** Drops the second part (and with it the year). Default `false`. */
  readonly hideSecond?: boolean;
  /** Drops the year part. Default `false`. */
  readonly hideYear?: boolean;
}

export const cronProps = defineProps<CronProps>()(
  {
    variant: { enum: ['full', 'compact'], description: 'full：800 宽含周和年；compact：608 宽' },
    hideSecond: { type: 'boolean', description: '隐藏秒（同时隐藏年）' },
    hideYear: { type: 'boolean', description: '隐藏年' },
  },
  { variant: 'full', hideSecond: false, hideYear: false },
);

export const cronEntry = defineEntry({
  type: 'cron',
  title: 'Cron表达式',
  props: cronProps,
  value: 'string',
  queryRule: 'eq',
  grid: { width: 200, text: 'value' },
  chooses: true,
  lookups: [],
});
