/**
 * The online report screen's menu entry (the reference system's cgreport list): its url is
 * `/online/cgreport/{id}`, the id of the report to show.
 */
export const REPORT_LIST_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The report id a menu path names (its last segment), or null when it names none. */
export function reportIdOf(path: string): string | null {
  const id = path.split('?')[0]!.split('/').filter(Boolean).pop();
  return id && ID.test(id) ? id : null;
}
