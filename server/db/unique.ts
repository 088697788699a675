import { failure } from '../http/errors';

/**
 * Unique constraints are the last word on duplicates: a check before a write gives the clear
 * message, the constraint catches two saves racing past the check.
 */

/** PostgreSQL's unique_violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === '23505';
}

/** The constraint a unique violation names (PostgreSQL reports it), or null. */
export function violatedConstraint(error: unknown): string | null {
  const name = (error as { constraint?: unknown } | null)?.constraint;
  return typeof name === 'string' ? name : null;
}

/** Runs a write; a unique violation becomes the business failure `message`. */
export async function unique<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(message);
    throw error;
  }
}
