import type { RendererComponents } from '../../registry/types';
import { CronField } from './CronField';
import { CronDisplay } from './Display';

/** `cron` (widgets.md §2.4): a Quartz expression typed or built in its dialog; shown as text. */
export const cronRenderer: RendererComponents = {
  field: CronField,
  cell: CronField,
  display: CronDisplay,
};

export default cronRenderer;
