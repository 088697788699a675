/**
 * Catalogues for tests that need renderer types the product does not have ('star', 'rate'…):
 * the built-in entries with their generated validators, plus extra entries whose props
 * validators are compiled here with ajv (tests may evaluate code; the product never does).
 */
import Ajv from 'ajv';
import {
  BUILTIN_ENTRIES,
  defineCatalogue,
  type AnyEntry,
  type Catalogue,
  type PropsValidator,
} from '../../src/contracts/catalogue/index';
import { defineProps } from '../../src/contracts/catalogue/props';
import { propsValidators } from '../../src/contracts/generated/validators.js';

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, messages: false });

/** An entry for a test type: no props, a text value, shown by its display. */
export function testEntry(type: string, overrides: Partial<AnyEntry> = {}): AnyEntry {
  return {
    type,
    title: type,
    props: defineProps<Record<never, never>>()({}, {}),
    value: 'string',
    queryRule: 'eq',
    grid: { text: 'display' },
    lookups: [],
    ...overrides,
  };
}

/** The product's entries (an extra entry of the same name replaces one) plus these. */
export function catalogueWith(...extra: readonly AnyEntry[]): Catalogue {
  const replaced = new Set(extra.map((e) => e.type));
  const validators: Record<string, PropsValidator> = { ...propsValidators };
  for (const entry of extra) validators[entry.type] = ajv.compile(entry.props.schema as object);
  return defineCatalogue(
    [...BUILTIN_ENTRIES.filter((e) => !replaced.has(e.type)), ...extra],
    validators,
  );
}
