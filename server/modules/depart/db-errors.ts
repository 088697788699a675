/**
 * PostgreSQL's foreign_key_violation (SQLSTATE 23503): a row referenced by a write went away
 * between the check that found it and the write (a parent department, a role).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === '23503';
}
