import { TAG_SEPARATOR } from './constants';

/** Tags cell value (semicolon-separated text, §2.5) as its tags; blanks dropped. */
export function tagsToList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((v) => v !== '');
  if (value === undefined || value === null) return [];
  return String(value)
    .split(TAG_SEPARATOR)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** Tags back into the stored text ('' for none). */
export function listToTags(tags: readonly string[]): string {
  return tags
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .join(TAG_SEPARATOR);
}
