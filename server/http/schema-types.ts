import Type, { type Static, type TSchema } from 'typebox';

/**
 * Schema pieces TypeBox does not write the way the API always has: a value that may be null is
 * `type: [T, 'null']` (one error when it is neither, not an `anyOf` of two), with `null` added
 * to an `enum`. The static type follows (`T | null`).
 */
export function Nullable<T extends TSchema>(schema: T) {
  const json = schema as unknown as Record<string, unknown>;
  return Type.Unsafe<Static<T> | null>({
    ...json,
    type: [json.type, 'null'],
    ...(Array.isArray(json.enum) ? { enum: [...json.enum, null] } : {}),
  });
}

/** Optional text that may be null, at most `max` characters. */
export const NullableText = (max: number) =>
  Type.Optional(Nullable(Type.String({ maxLength: max })));
