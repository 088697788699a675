/**
 * Quartz cron expressions for browser and server (widgets.md §2.4, §4, §5, §9): 6 or 7 fields
 * (second minute hour day-of-month month day-of-week [year]), 1 = Sunday. `nextFireTimes` reads
 * the fields in UTC; schedules (preview, jobs) use `nextScheduledTimes`, on UTC+8.
 */
export {
  CRON_FIELDS,
  FIELD_SPECS,
  fieldMode,
  joinCron,
  splitCron,
  type CronField,
  type CronFieldMode,
  type CronParts,
  type FieldSpec,
} from './quartz/fields';
export { MSG_DAY_OR_WEEK, MSG_FIELD_COUNT, parseQuartz, type QuartzParse } from './quartz/parse';
export { nextFireTimes, validateCron } from './quartz/next';
export { SCHEDULE_UTC_OFFSET_MINUTES, formatScheduleTime, nextScheduledTimes } from './quartz/zone';
