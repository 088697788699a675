import { sql, type Kysely } from 'kysely';

/**
 * Runs a DDL script one statement at a time. PGlite (like any extended-protocol client) takes
 * a single command per query; our scripts hold no `;` inside a statement, so each ends at `;`.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
