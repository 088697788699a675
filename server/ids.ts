import { randomUUID } from 'node:crypto';

/** A new 32-character id (a UUID without dashes), the reference system's id shape. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
