import { HttpError } from '../../runtime/http';

/**
 * The text to show for a failed notice call, or null when the http runtime already showed it
 * (an HTTP failure is presented by the runtime; an envelope with success false is not).
 */
export function noticeErrorText(error: unknown): string | null {
  if (error instanceof HttpError) return null;
  return error instanceof Error ? error.message : String(error);
}
