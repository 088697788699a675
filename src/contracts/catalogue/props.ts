/** A JSON Schema (draft-07) object, as ajv takes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** JSON Schema (draft-07) of one renderer prop. */
export type PropSchema = Readonly<Record<string, unknown>>;

/** One schema per prop of `P`, no more, no fewer: the TS type and the JSON Schema stay in step. */
export type PropSchemas<P> = { readonly [K in keyof Required<P>]: PropSchema };

/** Props with their defaults filled in. */
export type Resolved<P, D> = Omit<P, keyof D> & {
  readonly [K in keyof D & keyof P]-?: Exclude<P[K], undefined>;
};

/** Where a widget or display finds renderer props: spread in, and in its field definition. */
export interface PropsSource {
  readonly field?: { readonly props?: Readonly<Record<string, unknown>> };
  readonly [prop: string]: unknown;
}

export interface PropsDefinition<P, D> {
  /** JSON Schema of `fields[].props` (defaults included): the catalogue checks pages with it. */
  readonly schema: JsonSchema;
  /** The defaults of the props that have one. */
  readonly defaults: D;
  /**
   * The renderer props: the spread-in value when it fits its schema, else the field
   * definition's, else the default. A value of the wrong shape never reaches the widget.
   */
  read(source: PropsSource): Resolved<P, D>;
}

function typeFits(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** A cheap structural check (type, enum, anyOf, items, lengths, bounds): enough to guard widgets. */
export function fits(value: unknown, schema: PropSchema): boolean {
  if (value === undefined) return false;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((s: PropSchema) => fits(value, s));
  if (schema.type !== undefined) {
    const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => typeFits(value, t))) return false;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
      return false;
    }
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return false;
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return false;
    const items = schema.items;
    if (items && typeof items === 'object' && !Array.isArray(items)) {
      return value.every((item) => fits(item, items as PropSchema));
    }
  }
  return true;
}

/**
 * Declares a renderer's props: one JSON Schema per property (a page is checked against it when
 * it loads) and the defaults, which also land in the schema as `default`.
 *
 *     export const inputProps = defineProps<InputProps>()({ maxLength: {...} }, { allowClear: false });
 */
export function defineProps<P>() {
  return <D extends Partial<P>>(properties: PropSchemas<P>, defaults: D): PropsDefinition<P, D> => {
    const schemas = properties as Readonly<Record<string, PropSchema>>;
    const fallback = defaults as Readonly<Record<string, unknown>>;
    const withDefaults = Object.fromEntries(
      Object.entries(schemas).map(([key, schema]) => [
        key,
        key in fallback ? { ...schema, default: fallback[key] } : schema,
      ]),
    );
    const keys = Object.keys(schemas);
    return {
      schema: { type: 'object', additionalProperties: false, properties: withDefaults },
      defaults,
      read(source) {
        const own = source.field?.props;
        const out: Record<string, unknown> = {};
        for (const key of keys) {
          const schema = schemas[key];
          const candidates = [source[key], own?.[key]];
          const found = candidates.find((value) => fits(value, schema));
          if (found !== undefined) out[key] = found;
          else if (key in fallback) out[key] = fallback[key];
        }
        return out as Resolved<P, D>;
      },
    };
  };
}
