import { PAGE_META_SCHEMA } from '../../../../contracts/page-schema';

/**
 * The server keeps definitions as jsonb, which gives keys back sorted by length. For people
 * the order of the meta-schema reads better (`schemaVersion`, `code`, `title`, `kind`, …,
 * `fields`; in a field `name`, `label`, `type`, …): this puts every object of a definition
 * back into that order. Keys the schema does not name keep their place after the known ones.
 */

type Schema = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object-shaped branch of a schema (`oneOf: [boolean, {object}]` included). */
function objectSchema(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (isObject(schema.properties)) return schema;
  const branches = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(branches)) {
    return branches.find((b): b is Schema => isObject(b) && isObject(b.properties));
  }
  return undefined;
}

function order(value: unknown, schema: Schema | undefined): unknown {
  if (Array.isArray(value)) {
    const items = schema && isObject(schema.items) ? (schema.items as Schema) : undefined;
    return value.map((item) => order(item, items));
  }
  if (!isObject(value)) return value;
  const known = objectSchema(schema);
  if (!known) return value;
  const properties = known.properties as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  const put = (key: string, item: unknown) =>
    Object.defineProperty(out, key, { value: item, enumerable: true, writable: true });
  for (const key of Object.keys(properties)) {
    if (Object.prototype.hasOwnProperty.call(value, key))
      put(key, order(value[key], properties[key]));
  }
  for (const key of Object.keys(value)) {
    if (!Object.prototype.hasOwnProperty.call(properties, key)) put(key, value[key]);
  }
  return out;
}

/** A definition with its keys in the meta-schema's order (values unchanged). */
export function inSchemaOrder(definition: unknown): unknown {
  return order(definition, PAGE_META_SCHEMA as unknown as Schema);
}
