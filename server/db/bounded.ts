import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * User-shaped queries: statements whose cost a user decides (report SQL, lists with their
 * filters and advanced conditions, exports). Every statement issued inside `boundedQueries`
 * belongs to one budget: on PostgreSQL a pool whose connections carry a statement timeout,
 * on the embedded database a watchdog that ends the statement (server/db/embedded/). Both
 * answer SQLSTATE 57014 (query_canceled) when the budget is spent.
 */

/** How long the statements of one user-shaped request may run in all. */
export const USER_QUERY_BUDGET_MS = 10_000;

/** PostgreSQL's query_canceled: what a statement past its budget fails with, on both databases. */
export const QUERY_CANCELED = '57014';

export interface QueryBound {
  /** `performance.now()` after which no statement of this scope may still run. */
  readonly deadline: number;
}

const scope = new AsyncLocalStorage<QueryBound>();

/**
 * Runs `work` with every statement it issues bounded (at most `budgetMs` in all). A scope
 * inside another keeps the earlier deadline.
 */
export function boundedQueries<T>(
  work: () => Promise<T>,
  budgetMs: number = USER_QUERY_BUDGET_MS,
): Promise<T> {
  const outer = scope.getStore();
  const deadline = Math.min(outer?.deadline ?? Infinity, performance.now() + budgetMs);
  return scope.run({ deadline }, work);
}

/** The bound of the statement about to run, if it is user-shaped. */
export function currentBound(): QueryBound | undefined {
  return scope.getStore();
}

/** Milliseconds left in the current scope's budget (at least 1), or null outside one. */
export function remainingBudgetMs(): number | null {
  const bound = scope.getStore();
  if (!bound) return null;
  return Math.max(1, Math.floor(bound.deadline - performance.now()));
}

/** The error a statement past its budget fails with (the shape of PostgreSQL's own). */
export class QueryCanceledError extends Error {
  readonly code = QUERY_CANCELED;
  constructor(reason: string) {
    super(`canceling statement due to ${reason}`);
    this.name = 'QueryCanceledError';
  }
}

export function isQueryCanceled(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === QUERY_CANCELED;
}
