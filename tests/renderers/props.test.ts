import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/contracts/catalogue/index';
import { defineProps, fits } from '../../src/contracts/catalogue/props';
import type { FieldDefinition } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';

interface DemoProps {
  /** Default 3. */
  readonly size?: number;
  readonly mode?: 'a' | 'b';
  readonly pair?: readonly [string, string];
}

const demo = defineProps<DemoProps>()(
  {
    size: { type: 'integer', minimum: 1 },
    mode: { enum: ['a', 'b'] },
    pair: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
  },
  { size: 3 },
);

describe('defineProps', () => {
  it('gives a closed object schema with the defaults in it', () => {
    expect(demo.schema).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        size: { type: 'integer', minimum: 1, default: 3 },
        mode: { enum: ['a', 'b'] },
        pair: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
      },
    });
  });

  it('reads spread-in props, then the field definition, then the defaults', () => {
    expect(demo.read({})).toEqual({ size: 3 });
    expect(demo.read({ size: 5, mode: 'b' })).toEqual({ size: 5, mode: 'b' });
    const field = { props: { size: 7, pair: ['on', 'off'] } };
    expect(demo.read({ field })).toEqual({ size: 7, pair: ['on', 'off'] });
    expect(demo.read({ size: 9, field })).toEqual({ size: 9, pair: ['on', 'off'] });
  });

  it('drops values of the wrong shape instead of handing them to a widget', () => {
    expect(demo.read({ size: 'big', mode: 'c', pair: ['x'] })).toEqual({ size: 3 });
    // A host's resolved options ({value, text} objects) never pass for a pair of strings.
    const shadowed = { pair: [{ value: '1', text: 'a' }], field: { props: { pair: ['1', '0'] } } };
    expect(demo.read(shadowed).pair).toEqual(['1', '0']);
  });

  it('fits: types, enums, anyOf, bounds, lengths, items', () => {
    expect(fits(1.5, { type: 'integer' })).toBe(false);
    expect(fits(2, { type: 'number', exclusiveMinimum: 0 })).toBe(true);
    expect(fits(0, { type: 'number', exclusiveMinimum: 0 })).toBe(false);
    expect(fits('', { type: 'string', minLength: 1 })).toBe(false);
    expect(fits(true, { anyOf: [{ type: 'boolean' }, { type: 'object' }] })).toBe(true);
    expect(fits([], { type: 'object' })).toBe(false);
    expect(fits(undefined, {})).toBe(false);
  });
});

describe('built-in props schemas', () => {
  it('accept every default they declare', () => {
    for (const type of CATALOGUE.types()) {
      const schema = CATALOGUE.get(type)?.props.schema as {
        properties: Record<string, { default?: unknown }>;
      };
      const defaults = Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([, s]) => 'default' in s)
          .map(([k, s]) => [k, s.default]),
      );
      const field: FieldDefinition = { name: 'f', label: 'F', type, props: defaults };
      const checked = checkPage({
        schemaVersion: 2,
        code: 'defaults',
        title: 'defaults',
        kind: 'form',
        fields: [field],
      });
      expect({ type, checked: checked.ok }).toEqual({ type, checked: true });
    }
  });

  it('describe every prop (for the page editor completion)', () => {
    for (const type of CATALOGUE.types()) {
      const schema = CATALOGUE.get(type)?.props.schema as {
        properties: Record<string, { description?: string }>;
      };
      for (const [prop, s] of Object.entries(schema.properties)) {
        expect(s.description, `${type}.${prop}`).toBeTruthy();
      }
    }
  });
});
