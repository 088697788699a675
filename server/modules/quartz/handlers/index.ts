import { cleanExpired } from './clean-expired';
import type { JobHandler } from './handler';
import { httpHook } from './http-hook';
import { purgeLogs } from './purge-logs';
import { releaseAnnouncements } from './release-announcements';

/**
 * Registering a handler: write a module beside these exporting `defineHandler({...})` and add
 * it to this list. Nothing else names handlers; the `quartz_handler` dictionary (the form's
 * select) is rewritten from this list at start.
 */
export const BUILTIN_HANDLERS: readonly JobHandler[] = [
  cleanExpired,
  releaseAnnouncements,
  httpHook,
  purgeLogs,
];

export type { JobHandler, JobRunContext } from './handler';
