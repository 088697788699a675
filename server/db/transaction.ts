import { sql, type Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

/**
 * `work` in a transaction: the caller's when `db` is one already (an import saving its rows in
 * one transaction calls the same functions `add` does), else a new one. Kysely refuses a
 * transaction started on a transaction, and on the embedded database (one connection) a
 * second one beside it would wait for ever.
 */
export function inTransaction<T>(
  db: Db,
  work: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * `work` inside a savepoint of the transaction `tx`: what it wrote is undone when it throws
 * (and the error passed on), the rest of the transaction goes on.
 */
export async function inSavepoint<T>(tx: Db, name: string, work: () => Promise<T>): Promise<T> {
  const point = sql.id(name);
  await sql`savepoint ${point}`.execute(tx);
  try {
    const result = await work();
    await sql`release savepoint ${point}`.execute(tx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${point}`.execute(tx);
    throw error;
  }
}
