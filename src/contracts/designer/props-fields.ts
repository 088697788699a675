import type { FieldDefinition } from '../page';

/**
 * A renderer's props schema (its catalogue entry's) as the fields of the property panel, drawn
 * by the page engine's own form: a registered renderer gets its panel from its schema alone.
 * `title` (else `description`, else the prop's name) is the label; the description and the
 * default become the placeholder. Values cross the panel as the form holds them and go back
 * to the definition as the schema types them (`propValue`).
 */

type Schema = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a prop is edited in the panel. */
export type PropControl = 'switch' | 'integer' | 'number' | 'choice' | 'text' | 'json';

export interface PropField {
  readonly key: string;
  readonly control: PropControl;
  readonly field: FieldDefinition;
  /** `choice`: the schema's values, by their text in the form. */
  readonly choices?: ReadonlyMap<string, unknown>;
}

function controlOf(schema: Schema): PropControl {
  if (Array.isArray(schema.enum)) return 'choice';
  switch (schema.type) {
    case 'boolean':
      return 'switch';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    default:
      return 'json';
  }
}

function labelOf(key: string, schema: Schema): string {
  const text = typeof schema.title === 'string' ? schema.title : schema.description;
  return (typeof text === 'string' && text ? text : key).slice(0, 100);
}

function placeholderOf(key: string, fallback: unknown): string {
  const text = fallback === undefined ? key : `${key}，默认 ${JSON.stringify(fallback)}`;
  return text.slice(0, 200);
}

/** The panel's fields for a props schema, in the schema's order. */
export function propFields(schema: Schema | undefined, defaults: unknown): PropField[] {
  const properties = isObject(schema?.properties) ? schema.properties : {};
  const fallback = isObject(defaults) ? defaults : {};
  return Object.entries(properties).flatMap(([key, raw]): PropField[] => {
    if (!isObject(raw)) return [];
    const control = controlOf(raw);
    const base = {
      name: key,
      label: labelOf(key, raw),
      placeholder: placeholderOf(key, fallback[key]),
    };
    switch (control) {
      case 'switch':
        return [{ key, control, field: { ...base, type: 'switch' } }];
      case 'integer':
      case 'number': {
        const bounds = {
          ...(typeof raw.minimum === 'number' ? { min: raw.minimum } : {}),
          ...(typeof raw.maximum === 'number' ? { max: raw.maximum } : {}),
          ...(control === 'integer' ? { precision: 0 } : {}),
        };
        return [{ key, control, field: { ...base, type: 'inputNumber', props: bounds } }];
      }
      case 'choice': {
        const values = raw.enum as readonly unknown[];
        const choices = new Map(values.map((v) => [String(v), v]));
        const options = values.map((v) => ({ value: String(v), text: String(v) }));
        return [{ key, control, choices, field: { ...base, type: 'select', options } }];
      }
      case 'text':
        return [{ key, control, field: { ...base, type: 'input' } }];
      case 'json':
        return [
          {
            key,
            control,
            field: {
              ...base,
              type: 'textarea',
              placeholder: `${base.placeholder}（JSON）`.slice(0, 200),
            },
          },
        ];
    }
  });
}

/** A definition's prop value as the panel's form holds it. */
export function formValue(prop: PropField, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (prop.control === 'choice') return String(value);
  if (prop.control === 'json') return JSON.stringify(value);
  return value;
}

/**
 * The form's value as the prop's value: `undefined` removes the prop (empty input), `null`
 * means "not a value yet" (JSON being typed): leave the prop as it is.
 */
export function propValue(prop: PropField, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  switch (prop.control) {
    case 'switch':
      return value === true || value === 'Y';
    case 'choice':
      return prop.choices?.get(String(value));
    case 'json':
      try {
        return JSON.parse(String(value)) as unknown;
      } catch {
        return null;
      }
    default:
      return value;
  }
}
