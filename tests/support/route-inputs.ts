/**
 * Request values for route walks (data-scope-walk, audit-walk): a value a route's JSON schema
 * accepts for a plain property, without knowing the route.
 */

const CANDIDATES = ['walk_x1', 'WalkX', 'x1', 'X', '1', 'a', '走查'];

/** A value the schema accepts for a plain property. */
export function plainValue(schema: Record<string, unknown>): unknown {
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf) return plainValue(anyOf[0]!);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [plainValue((schema.items as Record<string, unknown>) ?? {})];
  if (type === 'object') return {};
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : null;
  return pattern ? (CANDIDATES.find((c) => pattern.test(c)) ?? 'walk_x1') : 'walk_x1';
}
