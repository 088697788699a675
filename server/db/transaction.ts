import type { Db } from './index';

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` is one already. A save
 * that keeps its rows together (a user and their roles) then also joins a larger unit of work
 * (a whole imported file: server/http/sheet/records-import.ts) instead of committing alone.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
